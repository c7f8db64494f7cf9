import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { ERROR_CODES } from "@ems/contracts/errors";
import { fileEndpoints, type FileUsage, type ShareContent, type ShareFile } from "@ems/contracts/files";
import { formatDate, formatFileSize } from "@ems/i18n/format";
import { createColumnHelper } from "@tanstack/react-table";
import {
  Archive,
  ChevronRight,
  Download,
  File as FileIcon,
  FileImage,
  FileSpreadsheet,
  FileText,
  Folder,
  FolderPlus,
  MoreHorizontal,
} from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Link, useLocation, useRevalidator } from "react-router";

import { FileUpload } from "~/components/file-upload";
import { UsageMeter } from "~/components/usage-meter";
import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { hrefOf } from "~/lib/api-client";
import { showToast } from "~/lib/toast";
import { useLocale } from "~/lib/use-locale";

import { DeletedFiles } from "./deleted-files";
import { ShareDialogs, type OpenDialog } from "./share-dialogs";
import {
  entryId,
  entryName,
  fileKind,
  folderView,
  isPreviewable,
  shareEntries,
  shareSearch,
  sortedView,
  type FileKind,
  type ShareEntry,
  type ShareView,
} from "./share-helpers";

const KIND_ICONS: Record<FileKind, typeof FileIcon> = {
  image: FileImage,
  pdf: FileText,
  archive: Archive,
  sheet: FileSpreadsheet,
  text: FileText,
  other: FileIcon,
};

/** The refusals of a share upload worded for the share (the component's own speak of Gerber zips). */
const UPLOAD_ERRORS = { [ERROR_CODES.fileContentRefused]: "file_share.upload_error_content" };

export interface FileSharePageProps {
  view: ShareView;
  content: ShareContent | null;
  problem: "missing" | "forbidden" | null;
  deleted: ShareFile[];
  usage: FileUsage | null;
  mayWrite: boolean;
}

/** The company's file share: where we are, what is here, uploads, and what was deleted lately. */
export function FileSharePage({ view, content, problem, deleted, usage, mayWrite }: FileSharePageProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  const values = { brand: siteConfig.brand.name };
  const size = (bytes: number) => formatFileSize(bytes, locale);
  const here = content?.folder ?? null;
  const to = (next: ShareView) => `${pathname}${shareSearch(next)}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">
            {i18n._("page.my-file-share.heading", values)}
          </h1>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-file-share.intro", values)}
          </p>
        </div>
        {usage ? <UsageMeter used={usage.used_bytes} quota={usage.quota_bytes} /> : null}
      </div>

      {problem === "forbidden" ? (
        <div className="mt-8">
          <ListProblem
            forbidden
            invalid={false}
            texts={{
              forbiddenTitle: i18n._("file_share.forbidden_title"),
              forbidden: i18n._("file_share.forbidden"),
              invalid: "",
            }}
          />
        </div>
      ) : problem === "missing" || !content ? (
        <div className="mt-8">
          <Alert variant="info" title={i18n._("file_share.missing_title")}>
            {i18n._("file_share.missing")}{" "}
            <Link to={to(folderView(view, null))} className={listLinkClass}>
              {i18n._("file_share.back_top")}
            </Link>
          </Alert>
        </div>
      ) : (
        <div className="mt-8 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Breadcrumb
              items={[
                { id: null, name: i18n._("file_share.root") },
                ...content.breadcrumb.map((folder) => ({ id: folder.id, name: folder.name })),
                ...(here ? [{ id: here.id, name: here.name }] : []),
              ]}
              href={(id) => to(folderView(view, id))}
            />
            {mayWrite ? (
              <Button variant="outline" onClick={() => setDialog({ type: "newFolder" })}>
                <FolderPlus aria-hidden="true" className="size-4" />
                {i18n._("file_share.new_folder")}
              </Button>
            ) : null}
          </div>

          {mayWrite ? (
            <FileUpload
              key={`${here?.id ?? "top"}-${uploadKey}`}
              purpose="share"
              metadata={here ? { folder_id: here.id } : undefined}
              accept=""
              {...(usage ? { maxBytes: usage.upload_max_bytes } : {})}
              errorTexts={UPLOAD_ERRORS}
              label={
                here
                  ? i18n._("file_share.upload_label_folder", { folder: here.name })
                  : i18n._("file_share.upload_label")
              }
              hint={i18n._("file_share.upload_hint", {
                max: usage ? size(usage.upload_max_bytes) : "",
              })}
              onUploaded={(file) => {
                showToast({ title: i18n._("file_share.uploaded", { name: file.name }), color: "success" });
                setUploadKey((key) => key + 1);
                void revalidator.revalidate();
              }}
            />
          ) : null}

          <ShareTable
            entries={shareEntries(content.folders, content.files)}
            view={view}
            to={to}
            mayWrite={mayWrite}
            open={setDialog}
            empty={
              <EmptyList
                action={
                  mayWrite ? (
                    <Button variant="outline" onClick={() => setDialog({ type: "newFolder" })}>
                      <FolderPlus aria-hidden="true" className="size-4" />
                      {i18n._("file_share.new_folder")}
                    </Button>
                  ) : undefined
                }
              >
                {i18n._(
                  mayWrite
                    ? here
                      ? "file_share.empty_folder"
                      : "file_share.empty_top"
                    : "file_share.empty_reader",
                  values,
                )}
              </EmptyList>
            }
          />
        </div>
      )}

      {problem === "forbidden" ? null : <DeletedFiles items={deleted} mayWrite={mayWrite} />}

      <ShareDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        here={here}
        trail={content ? [...content.breadcrumb, ...(here ? [here] : [])] : []}
      />
    </div>
  );
}

/** The path from the top to the folder shown; the last item is where we are. */
function Breadcrumb({
  items,
  href,
}: {
  items: { id: string | null; name: string }[];
  href: (id: string | null) => string;
}) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={i18n._("file_share.breadcrumb")} className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.id ?? "top"} className="flex min-w-0 items-center gap-1">
              {index > 0 ? (
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
              ) : null}
              {last ? (
                <span aria-current="page" className="font-semibold break-all">
                  {item.name}
                </span>
              ) : (
                <Link to={href(item.id)} className={`${listLinkClass} break-all`}>
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const column = createColumnHelper<ShareEntry>();
const SORTABLE = ["name", "created_at", "size"] as const;

/** Folders, then files: a table from 768 px, cards below. */
function ShareTable({
  entries,
  view,
  to,
  mayWrite,
  open,
  empty,
}: {
  entries: ShareEntry[];
  view: ShareView;
  to: (view: ShareView) => string;
  mayWrite: boolean;
  open: (dialog: OpenDialog) => void;
  empty: ReactNode;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const brand = siteConfig.brand.name;

  const columns = useMemo(
    () => [
      column.display({
        id: "name",
        header: i18n._("file_share.col_name"),
        cell: ({ row }) => <EntryName entry={row.original} to={to} view={view} open={open} />,
      }),
      column.display({
        id: "size",
        header: i18n._("file_share.col_size"),
        cell: ({ row }) =>
          row.original.kind === "file" ? (
            <span className="tabular-nums">{formatFileSize(row.original.file.size, locale)}</span>
          ) : (
            <span className="text-neutral-700 dark:text-neutral-300">{i18n._("file_share.folder")}</span>
          ),
      }),
      column.display({
        id: "uploaded_by",
        header: i18n._("file_share.col_uploaded_by"),
        cell: ({ row }) => {
          const entry = row.original;
          // The operator's people are the operator to the customer; the badge beside the name says so.
          if (entry.kind === "file" && entry.file.shared_by_operator) return brand;
          const name = entry.kind === "file" ? entry.file.uploaded_by : entry.folder.created_by;
          return (
            name ?? (
              <span className="text-neutral-700 dark:text-neutral-300">
                {i18n._("file_share.former_user")}
              </span>
            )
          );
        },
      }),
      column.display({
        id: "created_at",
        header: i18n._("file_share.col_date"),
        cell: ({ row }) =>
          formatDate(
            row.original.kind === "file" ? row.original.file.created_at : row.original.folder.created_at,
            locale,
          ),
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{i18n._("file_share.col_actions")}</span>,
        cell: ({ row }) => <EntryActions entry={row.original} mayWrite={mayWrite} open={open} />,
      }),
    ],
    [i18n, locale, brand, mayWrite, open, to, view],
  );

  // The list's own empty state, with its next step (DataTable would wrap it in a second box).
  if (entries.length === 0) return <>{empty}</>;
  return (
    <DataTable
      data={entries}
      columns={columns}
      caption={i18n._("file_share.list_caption")}
      sortable={SORTABLE}
      sort={{ sort: view.sort, dir: view.dir }}
      sortHref={(key) => to(sortedView(view, key as ShareView["sort"]))}
      rowId={entryId}
      minWidth="min-w-[720px]"
      empty={empty}
    />
  );
}

function EntryName({
  entry,
  to,
  view,
  open,
}: {
  entry: ShareEntry;
  to: (view: ShareView) => string;
  view: ShareView;
  open: (dialog: OpenDialog) => void;
}) {
  const { i18n } = useLingui();
  if (entry.kind === "folder")
    return (
      <Link
        to={to(folderView(view, entry.folder.id))}
        className={`${listLinkClass} inline-flex items-center gap-2 break-all`}
      >
        <Folder aria-hidden="true" className="size-4 shrink-0 text-primary-700 dark:text-primary-400" />
        {entry.folder.name}
      </Link>
    );
  const { file } = entry;
  const Icon = KIND_ICONS[fileKind(file.name, file.media_type)];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-neutral-600 dark:text-neutral-400" />
      {isPreviewable(file.media_type) ? (
        <button
          type="button"
          onClick={() => open({ type: "preview", file })}
          aria-label={i18n._("file_share.preview", { name: file.name })}
          className={`${listLinkClass} cursor-pointer text-left break-all`}
        >
          {file.name}
        </button>
      ) : (
        <span className="break-all">{file.name}</span>
      )}
      {file.shared_by_operator ? (
        <Badge tone="primary">{i18n._("file_share.shared_by", { brand: siteConfig.brand.name })}</Badge>
      ) : null}
    </span>
  );
}

function EntryActions({
  entry,
  mayWrite,
  open,
}: {
  entry: ShareEntry;
  mayWrite: boolean;
  open: (dialog: OpenDialog) => void;
}) {
  const { i18n } = useLingui();
  const name = entryName(entry);
  return (
    <div className="flex items-center justify-end gap-1">
      {entry.kind === "file" ? (
        <Button asChild variant="ghost" size="icon">
          <a
            href={hrefOf(fileEndpoints.download, { params: { id: entry.file.id } })}
            download={entry.file.name}
            aria-label={i18n._("file_share.download", { name })}
            title={i18n._("file_share.download", { name })}
          >
            <Download aria-hidden="true" className="size-4" />
          </a>
        </Button>
      ) : null}
      {mayWrite ? (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={i18n._("file_share.actions_for", { name })}>
              <MoreHorizontal aria-hidden="true" className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => open({ type: "rename", entry })}>
              {i18n._("file_share.rename")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open({ type: "move", entry })}>
              {i18n._("file_share.move")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open({ type: "delete", entry })}>
              {i18n._("file_share.delete")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}
