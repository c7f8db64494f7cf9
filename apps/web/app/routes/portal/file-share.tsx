import { mayCall } from "@ems/contracts/endpoints";
import { fileEndpoints, fileShareEndpoints } from "@ems/contracts/files";
import { useRouteLoaderData } from "react-router";

import { FileSharePage } from "~/features/file-share/file-share-page";
import {
  createFolderForm,
  folderUpdateBody,
  readShareView,
  shareIdForm,
  updateFileForm,
  updateFolderForm,
} from "~/features/file-share/share-helpers";
import { ApiError, call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/file-share";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The company's file share (issue 21, docs/behaviour/engineering.md#file-share): one folder
 * (`?folder=`) with its subfolders and files in the order of `?sort=&dir=`, the files deleted in the
 * last 30 days, and how much of the company's storage is used.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const view = readShareView(new URL(request.url).searchParams);
  const [content, deleted, usage] = await Promise.all([
    call(api, fileShareEndpoints.content, {
      query: { sort: view.sort, dir: view.dir, ...(view.folder ? { folder_id: view.folder } : {}) },
    }).then(
      (answer) => ({ content: answer.data, problem: null }),
      (error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403))
          return {
            content: null,
            problem: error.status === 404 ? ("missing" as const) : ("forbidden" as const),
          };
        throw error;
      },
    ),
    call(api, fileShareEndpoints.deleted)
      .then((answer) => answer.data.items)
      .catch(() => []),
    call(api, fileEndpoints.usage)
      .then((answer) => answer.data)
      .catch(() => null),
  ]);
  return { view, ...content, deleted, usage };
}

/** New folder, rename and move (files and folders), delete, restore. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    createFolder: formIntent(createFolderForm, (api, form) =>
      call(api, fileShareEndpoints.createFolder, {
        body: { name: form.name, parent_id: form.parent_id ?? null },
      }),
    ),
    updateFolder: formIntent(updateFolderForm, (api, form) =>
      call(api, fileShareEndpoints.updateFolder, { params: { id: form.id }, body: folderUpdateBody(form) }),
    ),
    updateFile: formIntent(updateFileForm, (api, form) =>
      call(api, fileShareEndpoints.updateFile, {
        params: { id: form.id },
        body: { name: form.name, folder_id: form.folder_id ?? null },
      }),
    ),
    deleteFolder: formIntent(shareIdForm, (api, { id }) =>
      call(api, fileShareEndpoints.deleteFolder, { params: { id } }),
    ),
    deleteFile: formIntent(shareIdForm, (api, { id }) => call(api, fileEndpoints.delete, { params: { id } })),
    restoreFile: formIntent(shareIdForm, (api, { id }) =>
      call(api, fileShareEndpoints.restore, { params: { id } }),
    ),
  });
}

export default function FileShare({ loaderData }: Route.ComponentProps) {
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const mayWrite = mayCall({ role: "customer", company_role: role }, fileShareEndpoints.createFolder);
  return <FileSharePage {...loaderData} mayWrite={mayWrite} />;
}
