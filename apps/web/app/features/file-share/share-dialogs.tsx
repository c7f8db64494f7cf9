import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import { ERROR_CODES } from "@ems/contracts/errors";
import {
  fileEndpoints,
  fileShareEndpoints,
  FILE_NAME_MAX,
  FILE_RESTORE_DAYS,
  FOLDER_NAME_MAX,
  type ShareFile,
  type ShareFolder,
} from "@ems/contracts/files";
import { ArrowUp, Download, Folder, FolderOpen } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { call, hrefOf } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import {
  baseNameLength,
  blockingQuery,
  createFolderForm,
  entryName,
  heldCounts,
  shareIdForm,
  updateFileForm,
  updateFolderForm,
  type ShareEntry,
} from "./share-helpers";

/** Which dialog of the page is open, and for what. */
export type OpenDialog =
  | { type: "newFolder" }
  | { type: "preview"; file: ShareFile }
  | { type: "rename" | "move" | "delete"; entry: ShareEntry };

/** A folder on the way from the top (none: the top level). */
interface Place {
  id: string;
  name: string;
}

/**
 * The text of a refusal: a name the schema or the API refused, a sibling with that name, a folder
 * that is not empty, a file an engineering query shows, something gone meanwhile.
 */
export function shareErrorText(
  i18n: I18n,
  codes: readonly string[] | undefined,
  otherData?: Record<string, unknown>,
  max = FOLDER_NAME_MAX,
): string | undefined {
  const code = codes?.[0];
  if (code === undefined) return undefined;
  if (code === ERROR_CODES.conflict) {
    const held = heldCounts(otherData);
    if (held) {
      const parts = [
        ...(held.folders > 0 ? [i18n._("file_share.held_folders", { count: held.folders })] : []),
        ...(held.files > 0 ? [i18n._("file_share.held_files", { count: held.files })] : []),
      ];
      const contents = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(parts);
      return i18n._("file_share.error_not_empty", { contents });
    }
    const query = blockingQuery(otherData);
    if (query) return i18n._("file_share.error_query", { query });
    return i18n._("file_share.error_name_taken");
  }
  if (code === ERROR_CODES.notFound) return i18n._("file_share.error_gone");
  if (code === "is required") return i18n._("file_share.error_name_required");
  if (code.includes("/")) return i18n._("file_share.error_name_separator");
  if (code.startsWith("must be at most")) return i18n._("file_share.error_name_long", { max });
  if (code === ERROR_CODES.validation || code.startsWith("must")) return i18n._("file_share.error_name");
  return i18n._("file_share.error_generic");
}

export function ShareDialogs({
  dialog,
  onClose,
  here,
  trail,
}: {
  dialog: OpenDialog | null;
  onClose: () => void;
  /** The folder shown (null: the top level). */
  here: ShareFolder | null;
  /** The folders from the top down to the one shown, itself included. */
  trail: readonly Place[];
}) {
  const { i18n } = useLingui();
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  const closeLabel = i18n._("file_share.close");
  if (!dialog) return null;
  if (dialog.type === "newFolder")
    return (
      <Dialog open onOpenChange={close} title={i18n._("file_share.new_folder")} closeLabel={closeLabel}>
        <NewFolderForm parentId={here?.id ?? null} onDone={onClose} />
      </Dialog>
    );
  if (dialog.type === "preview") {
    const { file } = dialog;
    const src = hrefOf(fileEndpoints.preview, { params: { id: file.id } });
    return (
      <Dialog open onOpenChange={close} title={file.name} closeLabel={closeLabel} size="lg">
        <div className="space-y-4">
          {file.media_type === "application/pdf" ? (
            <iframe
              src={src}
              title={file.name}
              className="h-[70vh] w-full rounded-lg border border-neutral-200 bg-white dark:border-neutral-700"
            />
          ) : (
            <img
              src={src}
              alt={file.name}
              className="mx-auto max-h-[70vh] w-auto max-w-full rounded-lg border border-neutral-200 dark:border-neutral-700"
            />
          )}
          <div className="flex justify-end">
            <Button asChild variant="outline">
              <a href={hrefOf(fileEndpoints.download, { params: { id: file.id } })} download={file.name}>
                <Download aria-hidden="true" className="size-4" />
                {i18n._("file_share.download_short")}
              </a>
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }
  const { entry } = dialog;
  const name = entryName(entry);
  if (dialog.type === "rename")
    return (
      <Dialog
        open
        onOpenChange={close}
        title={i18n._("file_share.rename_title", { name })}
        closeLabel={closeLabel}
      >
        <UpdateForm entry={entry} mode="rename" onDone={onClose} />
      </Dialog>
    );
  if (dialog.type === "move")
    return (
      <Dialog
        open
        onOpenChange={close}
        title={i18n._("file_share.move_title", { name })}
        description={i18n._("file_share.move_intro")}
        closeLabel={closeLabel}
      >
        <UpdateForm entry={entry} trail={trail} mode="move" onDone={onClose} />
      </Dialog>
    );
  return (
    <Dialog
      open
      onOpenChange={close}
      title={i18n._(
        entry.kind === "file" ? "file_share.delete_file_title" : "file_share.delete_folder_title",
        {
          name,
        },
      )}
      description={
        entry.kind === "file"
          ? i18n._("file_share.delete_file_text", { days: FILE_RESTORE_DAYS })
          : i18n._("file_share.delete_folder_text")
      }
      closeLabel={closeLabel}
    >
      <DeleteForm entry={entry} onCancel={onClose} onDone={onClose} />
    </Dialog>
  );
}

function NewFolderForm({ parentId, onDone }: { parentId: string | null; onDone: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof createFolderForm,
    { data: ShareFolder }
  >({
    schema: createFolderForm,
    id: "share-new-folder",
    onDone: (answer) => {
      if (answer) showDone(i18n._("file_share.folder_created", { name: answer.data.name }));
      onDone();
    },
  });
  const problem = shareErrorText(i18n, formErrors, fetcher.data?.otherData);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="createFolder" />
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      {parentId ? <input type="hidden" name={fields.parent_id.name} value={parentId} /> : null}
      <FormField label={i18n._("file_share.folder_name")} error={shareErrorText(i18n, fields.name.errors)}>
        {(f) => (
          <Input
            {...getInputProps(fields.name, { type: "text" })}
            {...f}
            maxLength={FOLDER_NAME_MAX}
            autoFocus
            required
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {i18n._("file_share.create_folder")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function showDone(title: string) {
  showToast({ title, color: "success" });
}

/**
 * Renames (a name field) or moves (a folder picker) a file or a folder: both send the whole entry as
 * it is to be, the rest as it was.
 */
function UpdateForm({
  entry,
  trail = [],
  mode,
  onDone,
}: {
  entry: ShareEntry;
  trail?: readonly Place[];
  mode: "rename" | "move";
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const folder = entry.kind === "folder";
  const name = entryName(entry);
  const id = folder ? entry.folder.id : entry.file.id;
  const [target, setTarget] = useState<Place[]>([...trail]);
  const selected = useRef(false);
  const targetName = target.at(-1)?.name ?? i18n._("file_share.root");
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof updateFileForm,
    { data: { name: string } }
  >({
    // Both forms read id and name alike; the place and link fields are plain hidden inputs.
    schema: (folder ? updateFolderForm : updateFileForm) as typeof updateFileForm,
    id: `share-${mode}-${id}`,
    defaultValue: { name },
    onDone: (answer) => {
      showDone(
        mode === "rename"
          ? i18n._("file_share.renamed", { name: answer?.data.name ?? name })
          : i18n._("file_share.moved", { name, folder: targetName }),
      );
      onDone();
    },
  });
  const max = folder ? FOLDER_NAME_MAX : FILE_NAME_MAX;
  const problem = shareErrorText(i18n, formErrors, fetcher.data?.otherData, max);
  const currentPlace = folder ? entry.folder.parent_id : entry.file.folder_id;
  const place = mode === "move" ? (target.at(-1)?.id ?? null) : currentPlace;
  const stays = mode === "move" && place === currentPlace;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent={folder ? "updateFolder" : "updateFile"} />
      <input type="hidden" name="id" value={id} />
      {place ? <input type="hidden" name={folder ? "parent_id" : "folder_id"} value={place} /> : null}
      {folder && entry.folder.link ? (
        <>
          <input type="hidden" name="link_kind" value={entry.folder.link.kind} />
          <input type="hidden" name="link_id" value={entry.folder.link.id} />
        </>
      ) : null}
      {mode === "rename" ? (
        <FormField
          label={i18n._("file_share.new_name")}
          description={folder ? undefined : i18n._("file_share.rename_hint")}
          error={shareErrorText(i18n, fields.name.errors, undefined, max)}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.name, { type: "text" })}
              {...f}
              maxLength={max}
              required
              autoFocus
              // Once, when the dialog opens: the name without its extension, ready to be typed over.
              onFocus={(event) => {
                if (selected.current) return;
                selected.current = true;
                event.currentTarget.setSelectionRange(0, baseNameLength(event.currentTarget.value));
              }}
            />
          )}
        </FormField>
      ) : (
        <>
          <input type="hidden" name="name" value={name} />
          <FolderPicker moving={folder ? entry.folder.id : null} path={target} onChange={setTarget} />
          {problem ? <Alert variant="error">{problem}</Alert> : null}
          {stays ? (
            <p className="text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._("file_share.move_already", { name, folder: targetName })}
            </p>
          ) : null}
        </>
      )}
      {mode === "rename" && problem ? <Alert variant="error">{problem}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy} disabled={stays}>
          {i18n._(mode === "rename" ? "file_share.rename_submit" : "file_share.move_here")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * Where to move to: the folders of one place at a time, opened one level down or left one level up.
 * A folder being moved is not offered (a folder cannot go into itself).
 */
function FolderPicker({
  moving,
  path,
  onChange,
}: {
  moving: string | null;
  path: readonly Place[];
  onChange: (path: Place[]) => void;
}) {
  const { i18n } = useLingui();
  const at = path.at(-1) ?? null;
  // `at` undefined: nothing loaded yet.
  const [state, setState] = useState<{
    at: string | null | undefined;
    folders: ShareFolder[] | null;
    failed: boolean;
  }>({
    at: undefined,
    folders: null,
    failed: false,
  });
  useEffect(() => {
    let current = true;
    call(browserApi(), fileShareEndpoints.content, { query: at ? { folder_id: at.id } : {} }).then(
      (answer) => {
        if (current) setState({ at: at?.id ?? null, folders: answer.data.folders, failed: false });
      },
      () => {
        if (current) setState({ at: at?.id ?? null, folders: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [at]);
  const loaded = state.at === (at?.id ?? null);
  const folders = loaded ? (state.folders ?? []).filter((folder) => folder.id !== moving) : [];
  const root = i18n._("file_share.root");
  return (
    <div className="space-y-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
      <p className="text-sm font-semibold" aria-live="polite">
        {i18n._("file_share.move_at", { path: [root, ...path.map((place) => place.name)].join(" / ") })}
      </p>
      <ul className="max-h-64 space-y-1 overflow-y-auto">
        {at ? (
          <li>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(path.slice(0, -1))}>
              <ArrowUp aria-hidden="true" className="size-4" />
              {i18n._("file_share.move_up", { name: path.at(-2)?.name ?? root })}
            </Button>
          </li>
        ) : null}
        {folders.map((folder) => (
          <li key={folder.id}>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="max-w-full justify-start"
              aria-label={i18n._("file_share.move_open", { name: folder.name })}
              onClick={() => onChange([...path, { id: folder.id, name: folder.name }])}
            >
              <FolderOpen aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{folder.name}</span>
            </Button>
          </li>
        ))}
      </ul>
      {!loaded ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("file_share.move_loading")}</p>
      ) : state.failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {i18n._("file_share.move_load_failed")}
        </p>
      ) : folders.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-neutral-700 dark:text-neutral-300">
          <Folder aria-hidden="true" className="size-4" />
          {i18n._("file_share.move_no_folders")}
        </p>
      ) : null}
    </div>
  );
}

function DeleteForm({
  entry,
  onCancel,
  onDone,
}: {
  entry: ShareEntry;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const file = entry.kind === "file";
  const name = entryName(entry);
  const id = file ? entry.file.id : entry.folder.id;
  const { fetcher, form, busy, formErrors, fields } = useFetcherForm({
    schema: shareIdForm,
    id: `share-delete-${id}`,
    onDone: () => {
      showDone(
        file
          ? i18n._("file_share.deleted_file", { name, days: FILE_RESTORE_DAYS })
          : i18n._("file_share.deleted_folder", { name }),
      );
      onDone();
    },
  });
  const problem = shareErrorText(i18n, formErrors ?? fields.id.errors, fetcher.data?.otherData);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent={file ? "deleteFile" : "deleteFolder"} />
      <input type="hidden" name={fields.id.name} value={id} />
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {i18n._("file_share.cancel")}
        </Button>
        <Button type="submit" variant="destructive" loading={busy}>
          {i18n._("file_share.delete_submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
