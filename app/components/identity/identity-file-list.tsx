import { FileText } from "lucide-react";
import { formatFileSize } from "~/domain/documents";
import { IDENTITY_FILE_KIND_KEYS, identityFilePath, type IdentityFileSummary } from "~/domain/identity-checks";
import { useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";

/**
 * A check's files, each a link that opens it (the server decides who may) under the name
 * the product gives it, with its kind and size, and the name it was sent with below: cleaned
 * by the server and isolated here (`<bdi>`), so it can turn neither itself nor the text
 * around it (decision 059).
 */
export function IdentityFileList({ files }: { files: IdentityFileSummary[] }) {
  const t = useT();
  return (
    <ul className="space-y-2 text-sm">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-x-2">
          <FileText className="size-4 text-accent" aria-hidden="true" />
          <span className="text-muted-foreground">{t(IDENTITY_FILE_KIND_KEYS[file.kind])}:</span>
          <a href={identityFilePath(file.id)} className="font-medium text-primary underline underline-offset-4 [overflow-wrap:anywhere]" dir="ltr">
            {file.servedName}
          </a>
          <span className="text-xs text-muted-foreground" dir="ltr">
            ({formatFileSize(file.byteSize)})
          </span>
          <span className="w-full ps-6 text-xs text-muted-foreground [overflow-wrap:anywhere]">
            <RichText message={t("verification.identity.file.sentAs", standIns("name"))} elements={{ name: <bdi>{file.sentAs}</bdi> }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
