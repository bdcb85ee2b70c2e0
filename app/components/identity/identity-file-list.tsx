import { FileText } from "lucide-react";
import { formatFileSize } from "~/domain/documents";
import { IDENTITY_FILE_KIND_KEYS, identityFilePath, type IdentityFileSummary } from "~/domain/identity-checks";
import { useT } from "~/i18n/i18n";

/** A check's files, each a link that opens it (the server decides who may) with its kind and size. */
export function IdentityFileList({ files }: { files: IdentityFileSummary[] }) {
  const t = useT();
  return (
    <ul className="space-y-1 text-sm">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-x-2">
          <FileText className="size-4 text-accent" aria-hidden="true" />
          <span className="text-muted-foreground">{t(IDENTITY_FILE_KIND_KEYS[file.kind])}:</span>
          <a href={identityFilePath(file.id)} className="font-medium text-primary underline underline-offset-4 [overflow-wrap:anywhere]" dir="auto">
            {file.fileName}
          </a>
          <span className="text-xs text-muted-foreground" dir="ltr">
            ({formatFileSize(file.byteSize)})
          </span>
        </li>
      ))}
    </ul>
  );
}
