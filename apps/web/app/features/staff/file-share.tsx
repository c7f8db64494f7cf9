import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import type { Envelope } from "@ems/contracts/errors";
import {
  createFolderSchema,
  FOLDER_NAME_MAX,
  staffFileEndpoints,
  type FileUsage,
  type ShareContent,
  type ShareFile,
  type ShareFolder,
} from "@ems/contracts/files";
import type { StaffCustomerUser } from "@ems/contracts/staff-customers";
import { formatDate, formatFileSize, localeTag } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import {
  ChevronRight,
  Download,
  File as AnyFile,
  FileImage,
  FileText,
  Folder,
  Share2,
  X,
} from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useRevalidator } from "react-router";

import { FileUpload } from "~/components/file-upload";
import { UsageMeter } from "~/components/usage-meter";
import { DataTable } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { hrefOf } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { listHref, sortChange, type ListState } from "~/lib/list-query";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { previewKind, shareRecipients, STAFF_CUSTOMER_FILES, type ShareRow } from "./file-share-helpers";
import { ActionsHeader } from "./staff-cells";
import { cardClass, linkClass, mutedClass } from "./staff-ui";

/** Where a folder of the customer's share (null: the top) is listed, keeping the page's sort. */
function folderHrefOf(pathname: string, state: ListState) {
  return (folderId: string | null) =>
    listHref(pathname, state, STAFF_CUSTOMER_FILES, { filters: { folder: folderId } });
}

/** The way from the top of the share to the folder shown; the folder itself is the current item. */
export function ShareBreadcrumb({
  content,
  pathname,
  state,
}: {
  content: Pick<ShareContent, "folder" | "breadcrumb">;
  pathname: string;
  state: ListState;
}) {
  const { i18n } = useLingui();
  const folderHref = folderHrefOf(pathname, state);
  const separator = <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />;
  return (
    <nav aria-label={i18n._("staff.files_path")}>
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm">
        <li className="flex items-center gap-1">
          {content.folder ? (
            <Link to={folderHref(null)} className={linkClass}>
              {i18n._("staff.files_root")}
            </Link>
          ) : (
            <span aria-current="page" className="font-semibold">
              {i18n._("staff.files_root")}
            </span>
          )}
        </li>
        {content.breadcrumb.map((folder) => (
          <li key={folder.id} className="flex min-w-0 items-center gap-1">
            {separator}
            <Link to={folderHref(folder.id)} className={cn(linkClass, "wrap-anywhere")}>
              {folder.name}
            </Link>
          </li>
        ))}
        {content.folder ? (
          <li className="flex min-w-0 items-center gap-1">
            {separator}
            <span aria-current="page" className="font-semibold wrap-anywhere">
              {content.folder.name}
            </span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function FileIcon({ mediaType }: { mediaType: string }) {
  const kind = previewKind(mediaType);
  const Icon = kind === "image" ? FileImage : kind === "pdf" ? FileText : AnyFile;
  return <Icon aria-hidden="true" className="size-4 shrink-0 text-neutral-600 dark:text-neutral-400" />;
}

const column = createColumnHelper<ShareRow>();

function useShareColumns({
  pathname,
  state,
  locale,
  onPreview,
}: {
  pathname: string;
  state: ListState;
  locale: Locale;
  onPreview: (file: ShareFile) => void;
}) {
  const { i18n } = useLingui();
  const brand = siteConfig.brand.name;
  return useMemo(() => {
    const folderHref = folderHrefOf(pathname, state);
    const person = (name: string | null) =>
      name ?? <span className={mutedClass}>{i18n._("staff.files_former_user")}</span>;
    return [
      column.display({
        id: "name",
        header: () => i18n._("staff.files_col_name"),
        cell: ({ row: { original: row } }) =>
          row.kind === "folder" ? (
            <span className="flex min-w-[12rem] flex-wrap items-center gap-2">
              <Folder aria-hidden="true" className="size-4 shrink-0 text-primary-700 dark:text-primary-400" />
              <Link to={folderHref(row.folder.id)} className={cn(linkClass, "wrap-anywhere")}>
                {row.folder.name}
              </Link>
              {row.folder.link ? <Badge>{row.folder.link.number}</Badge> : null}
            </span>
          ) : (
            <span className="flex min-w-[12rem] flex-wrap items-center gap-2">
              <FileIcon mediaType={row.file.media_type} />
              {previewKind(row.file.media_type) ? (
                <button
                  type="button"
                  onClick={() => onPreview(row.file)}
                  aria-label={i18n._("staff.files_preview", { name: row.file.name })}
                  className={cn(linkClass, "cursor-pointer text-left wrap-anywhere")}
                >
                  {row.file.name}
                </button>
              ) : (
                <span className="font-medium wrap-anywhere">{row.file.name}</span>
              )}
              {row.file.shared_by_operator ? (
                <Badge tone="primary">{i18n._("staff.files_shared_by", { brand })}</Badge>
              ) : null}
            </span>
          ),
      }),
      column.display({
        id: "size",
        header: () => i18n._("staff.files_col_size"),
        cell: ({ row: { original: row } }) =>
          row.kind === "folder" ? (
            <span className={mutedClass}>{i18n._("staff.files_folder")}</span>
          ) : (
            <span className="whitespace-nowrap tabular-nums">{formatFileSize(row.file.size, locale)}</span>
          ),
      }),
      column.display({
        id: "added_by",
        header: () => i18n._("staff.files_col_added_by"),
        cell: ({ row: { original: row } }) =>
          row.kind === "folder" ? person(row.folder.created_by) : person(row.file.uploaded_by),
      }),
      column.display({
        id: "created_at",
        header: () => i18n._("staff.files_col_date"),
        cell: ({ row: { original: row } }) => (
          <span className="whitespace-nowrap">
            {formatDate(row.kind === "folder" ? row.folder.created_at : row.file.created_at, locale)}
          </span>
        ),
      }),
      column.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row: { original: row } }) =>
          row.kind === "file" ? (
            <a
              href={hrefOf(staffFileEndpoints.download, { params: { id: row.file.id } })}
              download={row.file.name}
              aria-label={i18n._("staff.files_download", { name: row.file.name })}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Download aria-hidden="true" className="size-4" />
              {i18n._("staff.files_download_short")}
            </a>
          ) : null,
      }),
    ];
  }, [i18n, brand, locale, pathname, state, onPreview]);
}

/** A folder's subfolders and files: open a folder, preview an image or a PDF, download a file. */
export function ShareTable({
  content,
  pathname,
  state,
  locale,
  companyName,
  rows,
  onPreview,
}: {
  content: Pick<ShareContent, "folder">;
  pathname: string;
  state: ListState;
  locale: Locale;
  companyName: string;
  rows: ShareRow[];
  onPreview: (file: ShareFile) => void;
}) {
  const { i18n } = useLingui();
  const columns = useShareColumns({ pathname, state, locale, onPreview });
  return (
    <DataTable
      data={rows}
      columns={columns}
      caption={i18n._("staff.files_table")}
      sortable={["name", "size", "created_at"]}
      sort={state}
      sortHref={(key) =>
        listHref(pathname, state, STAFF_CUSTOMER_FILES, sortChange(state, STAFF_CUSTOMER_FILES, key))
      }
      rowId={(row) => row.id}
      minWidth="min-w-[720px]"
      rowHeader
      empty={
        content.folder
          ? i18n._("staff.files_folder_empty")
          : i18n._("staff.files_empty", { company: companyName })
      }
    />
  );
}

/** An image or a PDF of the share shown in the page (the sandboxed staff preview), with its download. */
export function PreviewDialog({ file, onClose }: { file: ShareFile | null; onClose: () => void }) {
  const { i18n } = useLingui();
  if (!file) return null;
  const kind = previewKind(file.media_type);
  const src = hrefOf(staffFileEndpoints.previewFile, { params: { id: file.id } });
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={file.name}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <div className="space-y-4">
        {kind === "image" ? (
          <img
            src={src}
            alt={file.name}
            className="mx-auto max-h-[70vh] max-w-full rounded-md border border-neutral-200 object-contain dark:border-neutral-700"
          />
        ) : kind === "pdf" ? (
          <iframe
            src={src}
            title={file.name}
            className="h-[70vh] w-full rounded-md border border-neutral-200 bg-white dark:border-neutral-700"
          />
        ) : null}
        <div className="flex justify-end">
          <a
            href={hrefOf(staffFileEndpoints.download, { params: { id: file.id } })}
            download={file.name}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" className="size-4" />
            {i18n._("staff.files_download_short")}
          </a>
        </div>
      </div>
    </Dialog>
  );
}

/** A new folder in the folder shown (the route's action creates it in the customer's share). */
export function NewFolderDialog({
  open,
  onOpenChange,
  parent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  parent: ShareFolder | null;
}) {
  const { i18n } = useLingui();
  if (!open) return null;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={i18n._("staff.files_new_folder")}
      description={
        parent
          ? i18n._("staff.files_new_folder_in", { folder: parent.name })
          : i18n._("staff.files_new_folder_top")
      }
      closeLabel={i18n._("staff.close")}
    >
      <NewFolderForm parent={parent} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function NewFolderForm({ parent, onDone }: { parent: ShareFolder | null; onDone: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof createFolderSchema,
    Envelope<ShareFolder>
  >({
    schema: createFolderSchema,
    onDone: (answer) => {
      showToast({
        title: i18n._("staff.files_folder_created", { name: answer?.data.name ?? "" }),
        color: "success",
      });
      onDone();
    },
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormProblem
        codes={formErrors}
        fallback="staff.action_failed"
        known={{
          CONFLICT: "staff.files_folder_exists",
          NOT_FOUND: "staff.files_folder_gone",
          FORBIDDEN: "staff.action_forbidden",
        }}
      />
      {parent ? <input type="hidden" name={fields.parent_id.name} value={parent.id} /> : null}
      <FormField
        label={i18n._("staff.files_folder_name")}
        error={
          fields.name.errors
            ? fields.name.value
              ? i18n._("staff.files_folder_name_invalid", { max: FOLDER_NAME_MAX })
              : i18n._("staff.error_required")
            : undefined
        }
      >
        {(f) => (
          <Input
            {...getInputProps(fields.name, { type: "text" })}
            {...f}
            required
            maxLength={FOLDER_NAME_MAX}
            autoComplete="off"
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {i18n._("staff.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("staff.files_create_folder")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The upload's refusals as they concern a staff member sharing into a customer's space. */
const SHARE_ERROR_TEXTS = {
  FILE_TOO_LARGE: "staff.files_error_too_large",
  QUOTA_EXCEEDED: "staff.files_error_quota",
  FILE_CONTENT_REFUSED: "staff.files_error_content",
  NOT_FOUND: "staff.files_error_folder_gone",
  FORBIDDEN: "staff.files_error_forbidden",
} as const;

/**
 * Files shared into the folder shown, one after the other with the resumable upload: each lands in
 * the customer's share marked as the operator's, and the customer's people are told by e-mail. After
 * each file the list is loaded again and the upload area is ready for the next.
 */
export function SharePanel({
  id,
  companyId,
  companyName,
  folder,
  users,
  usage,
  onClose,
}: {
  id: string;
  companyId: string;
  companyName: string;
  folder: ShareFolder | null;
  users: readonly StaffCustomerUser[];
  /** The customer's storage; null when it could not be read (the API still refuses what does not fit). */
  usage: FileUsage | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  // A new upload area after each shared file (the finished one has nothing more to do).
  const [round, setRound] = useState(0);
  const recipients = shareRecipients(users);
  const locale = useLocale();
  const names = new Intl.ListFormat(localeTag(locale), { type: "conjunction" }).format(
    recipients.map((user) => user.name),
  );
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cardClass}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold break-words">
            {folder
              ? i18n._("staff.files_share_title_folder", { folder: folder.name })
              : i18n._("staff.files_share_title", { company: companyName })}
          </h2>
          <p className={cn("mt-1", mutedClass)}>
            {recipients.length > 0
              ? i18n._("staff.files_share_told", { names })
              : i18n._("staff.files_share_nobody", { company: companyName })}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={i18n._("staff.files_share_close")}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {usage ? <UsageMeter used={usage.used_bytes} quota={usage.quota_bytes} className="mt-3" /> : null}
      <div className="mt-4">
        <FileUpload
          key={`${folder?.id ?? "top"}-${round}`}
          {...(usage ? { maxBytes: usage.upload_max_bytes } : {})}
          purpose="share"
          metadata={{ company_id: companyId, ...(folder ? { folder_id: folder.id } : {}) }}
          accept=""
          errorTexts={SHARE_ERROR_TEXTS}
          label={i18n._("staff.files_share_label")}
          hint={i18n._("staff.files_share_hint")}
          onUploaded={(file) => {
            showToast({
              title: i18n._("staff.files_shared", { name: file.name }),
              description:
                recipients.length > 0
                  ? i18n._("staff.files_shared_told", { company: companyName })
                  : i18n._("staff.files_shared_nobody", { company: companyName }),
              color: "success",
            });
            setRound((n) => n + 1);
            void revalidator.revalidate();
          }}
        />
      </div>
    </section>
  );
}

/** The page's two actions: a new folder, and the share panel opened or closed. */
export function ShareActions({
  sharing,
  panelId,
  onNewFolder,
  onToggleShare,
}: {
  sharing: boolean;
  panelId: string;
  onNewFolder: () => void;
  onToggleShare: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <Button variant="outline" onClick={onNewFolder}>
        <Folder aria-hidden="true" className="size-4" />
        {i18n._("staff.files_new_folder")}
      </Button>
      <Button onClick={onToggleShare} aria-expanded={sharing} aria-controls={sharing ? panelId : undefined}>
        <Share2 aria-hidden="true" className="size-4" />
        {i18n._("staff.files_share")}
      </Button>
    </>
  );
}
