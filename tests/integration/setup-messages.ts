// The message catalogues, registered as the server registers them at start (decision 021).
import "~/i18n/catalogues.server";
