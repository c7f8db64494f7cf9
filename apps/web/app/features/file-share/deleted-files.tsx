import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { FILE_RESTORE_DAYS, type ShareFile } from "@ems/contracts/files";
import { formatDate, formatFileSize } from "@ems/i18n/format";
import { createColumnHelper } from "@tanstack/react-table";
import { RotateCcw } from "lucide-react";
import { useId, useMemo } from "react";

import { DataTable } from "~/components/list/data-table";
import { Button } from "~/components/ui/button";
import { IntentField } from "~/components/ui/form-field";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { shareErrorText } from "./share-dialogs";
import { shareIdForm } from "./share-helpers";

const column = createColumnHelper<ShareFile>();

/** The share files deleted in the last 30 days, each until when it can be restored. */
export function DeletedFiles({ items, mayWrite }: { items: ShareFile[]; mayWrite: boolean }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const headingId = useId();
  const columns = useMemo(
    () => [
      column.display({
        id: "name",
        header: i18n._("file_share.col_name"),
        cell: ({ row }) => <span className="break-all">{row.original.name}</span>,
      }),
      column.display({
        id: "size",
        header: i18n._("file_share.col_size"),
        cell: ({ row }) => <span className="tabular-nums">{formatFileSize(row.original.size, locale)}</span>,
      }),
      column.display({
        id: "deleted",
        header: i18n._("file_share.col_deleted"),
        cell: ({ row }) =>
          i18n._("file_share.deleted_on", {
            date: formatDate(row.original.deleted_at, locale),
            name: row.original.deleted_by ?? i18n._("file_share.former_user"),
          }),
      }),
      column.display({
        id: "restorable_until",
        header: i18n._("file_share.col_restorable"),
        cell: ({ row }) => formatDate(row.original.restorable_until, locale),
      }),
      ...(mayWrite
        ? [
            column.display({
              id: "actions",
              header: () => <span className="sr-only">{i18n._("file_share.col_actions")}</span>,
              cell: ({ row }) => <RestoreForm file={row.original} />,
            }),
          ]
        : []),
    ],
    [i18n, locale, mayWrite],
  );
  return (
    <section aria-labelledby={headingId} className="mt-12 space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {i18n._("file_share.deleted_heading")}
      </h2>
      <p className="max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("file_share.deleted_intro", { days: FILE_RESTORE_DAYS })}
      </p>
      <DataTable
        data={items}
        columns={columns}
        caption={i18n._("file_share.deleted_caption")}
        rowId={(file) => file.id}
        minWidth="min-w-[640px]"
        empty={i18n._("file_share.deleted_empty", { days: FILE_RESTORE_DAYS })}
      />
    </section>
  );
}

function RestoreForm({ file }: { file: ShareFile }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: shareIdForm,
    id: `share-restore-${file.id}`,
    success: i18n._("file_share.restored", { name: file.name }),
  });
  const problem = shareErrorText(i18n, formErrors ?? fields.id.errors);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col items-end gap-1">
      <IntentField intent="restoreFile" />
      <input type="hidden" name={fields.id.name} value={file.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        loading={busy}
        aria-label={i18n._("file_share.restore", { name: file.name })}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {i18n._("file_share.restore_short")}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
