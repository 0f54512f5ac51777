import {
  BookOpenText,
  CircleAlert,
  Download,
  FileImage,
  FileSpreadsheet,
  FileText,
  Library,
  Presentation,
} from "lucide-react";
import { ImageViewer, ImageViewerLink } from "~/components/image-viewer";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { fileExtension, fileTitle, isImageFile } from "~/lib/files";
import { formatFileSize, textParagraphs } from "~/lib/format";
import { useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { inLang, useTextLang } from "~/lib/text-lang";
import { listElibraryDocuments } from "~/server/content/documents.server";
import { services } from "~/server/platform/services.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/elibrary";

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("media.elibrary"), (church) =>
    t("media.elibraryMetaDescription", { church: church.name }),
  );
}

export async function loader() {
  return loadOrEmpty(
    "the eLibrary",
    async () => {
      const rows = await listElibraryDocuments();
      const { storage } = services();
      return {
        documents: rows.map((row) => {
          const description = row.description ? textParagraphs(row.description) : [];
          return {
            id: row.id,
            title: row.title || fileTitle(row.fileName),
            kind: fileExtension(row.fileName).toUpperCase() || "FILE",
            size: formatFileSize(row.fileSize),
            isImage: isImageFile(row.fileName),
            url: storage.publicUrl(row.storageObjectPath),
            downloadUrl: `/media/elibrary/${row.id}/download`,
            // Only when staff gave a title or a description: a document without them is sent (and
            // shown) exactly as before.
            ...(row.title ? { fileName: row.fileName } : {}),
            ...(description.length > 0 ? { description } : {}),
          };
        }),
      };
    },
    { documents: [] },
  );
}

const actionClass = "h-11 flex-1";

/** Each kind of file gets its own icon on its card (a PDF, a document, a sheet, slides). */
const KIND_ICONS: Record<string, typeof FileText> = {
  XLSX: FileSpreadsheet,
  XLS: FileSpreadsheet,
  PPTX: Presentation,
  PPT: Presentation,
};

export const handle: PageHandle = { enhancements: ["toasts", "dialogs"] };
export const clientLoader = loadAsDocument;

export default function Elibrary({ loaderData }: Route.ComponentProps) {
  const { documents, loadFailed } = loaderData;
  const t = useT();
  // Titles and descriptions are typed by staff in English.
  const english = useTextLang();

  return (
    <>
      {loadFailed ? (
        <ServerToast
          toast={{
            title: t("media.elibraryErrorFetching"),
            description: t("media.elibraryErrorToast"),
            variant: "destructive",
          }}
        />
      ) : null}
      <PageHeader
        eyebrow={t("media.media")}
        title={t("media.elibrary")}
        description={t("media.elibraryDescription")}
      />
      <section
        aria-label={t("media.documents")}
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
      >
        {loadFailed ? (
          <StatusMessage
            icon={CircleAlert}
            tone="error"
            title={t("media.elibraryNotLoaded")}
            testId="elibrary-error"
          >
            {t("media.notLoadedText")}
          </StatusMessage>
        ) : documents.length === 0 ? (
          <StatusMessage icon={Library} title={t("media.elibraryEmpty")} testId="elibrary-empty">
            {t("media.elibraryEmptyText")}
          </StatusMessage>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {documents.map((document) => {
              const Icon = document.isImage ? FileImage : (KIND_ICONS[document.kind] ?? FileText);
              return (
                <li
                  key={document.id}
                  data-testid="document-card"
                  className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm"
                >
                  <div className="flex items-start gap-4">
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <div className="min-w-0">
                      <h2 lang={english} className="break-words text-lg font-semibold leading-snug text-navy">
                        {document.title}
                      </h2>
                      {document.fileName ? (
                        // A title of staff's own: the small print still says which file it is.
                        <p className="mt-1 text-xs font-medium text-muted-foreground">
                          <span className="break-all">{document.fileName}</span> · {document.size}
                        </p>
                      ) : (
                        <p className="mt-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                          {document.kind} · {document.size}
                        </p>
                      )}
                    </div>
                  </div>
                  {document.description ? (
                    <div
                      lang={english}
                      className="mt-4 flex-1 space-y-3 text-muted-foreground"
                      data-testid="document-description"
                    >
                      {document.description.map((paragraph, index) => (
                        <p key={index} className="whitespace-pre-line break-words">
                          {paragraph}
                        </p>
                      ))}
                    </div>
                  ) : (
                    <p className="mt-4 flex-1 text-muted-foreground">{t("media.documentDescription")}</p>
                  )}
                  <div className="mt-6 flex gap-3">
                    {document.isImage ? (
                      <ImageViewerLink
                        src={document.url}
                        title={document.title}
                        className={buttonVariants({ className: actionClass })}
                      >
                        <BookOpenText aria-hidden="true" />
                        {t("media.read")}
                        <span className="sr-only"> {inLang(document.title, english)}</span>
                      </ImageViewerLink>
                    ) : (
                      <a
                        href={document.url}
                        target="_blank"
                        rel="noopener"
                        className={buttonVariants({ className: actionClass })}
                      >
                        <BookOpenText aria-hidden="true" />
                        {t("media.read")}
                        <span className="sr-only">
                          {" "}
                          {inLang(document.title, english)}
                          {` ${t("common.opensInNewTab")}`}
                        </span>
                      </a>
                    )}
                    <a
                      href={document.downloadUrl}
                      download
                      className={buttonVariants({ variant: "outline", className: actionClass })}
                    >
                      <Download aria-hidden="true" />
                      {t("media.download")}
                      <span className="sr-only"> {inLang(document.title, english)}</span>
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {documents.some((document) => document.isImage) ? <ImageViewer /> : null}
    </>
  );
}
