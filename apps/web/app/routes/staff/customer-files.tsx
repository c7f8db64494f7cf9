import { useLingui } from "@lingui/react";
import { createFolderSchema, staffFileShareEndpoints, type ShareFile } from "@ems/contracts/files";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";
import { useState } from "react";
import { Link, useLocation } from "react-router";

import { Alert } from "~/components/ui/alert";
import {
  NewFolderDialog,
  PreviewDialog,
  ShareActions,
  ShareBreadcrumb,
  SharePanel,
  ShareTable,
} from "~/features/staff/file-share";
import { shareContentQuery, shareRows, STAFF_CUSTOMER_FILES } from "~/features/staff/file-share-helpers";
import { load } from "~/features/staff/load.server";
import { linkClass, StaffPage } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { call } from "~/lib/api-client";
import { submitForm } from "~/lib/form-action.server";
import { listHref, readListQuery } from "~/lib/list-query";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/customer-files";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One customer's file share in the back office (GET /api/staff/companies/:companyId/file-share):
 * `?folder=` opens a folder, `sort` and `dir` order it. The customer's details name the company and
 * the people the share mail goes to; its storage usage says what still fits.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const state = readListQuery(new URL(request.url).searchParams, STAFF_CUSTOMER_FILES);
  if (!UUID.test(params.customer))
    return { state, customer: null, content: null, problem: "not_found" as const };
  const api = apiFromRequest(request, context);
  const [customer, content, usage] = await Promise.all([
    load(api, staffCustomerEndpoints.detail, { params: { id: params.customer } }),
    load(api, staffFileShareEndpoints.fileShareContent, {
      params: { companyId: params.customer },
      query: shareContentQuery(state),
    }),
    load(api, staffFileShareEndpoints.fileShareUsage, { params: { companyId: params.customer } }),
  ]);
  return {
    state,
    customer: customer.data,
    content: content.data,
    usage: usage.data,
    problem: customer.problem ?? content.problem,
  };
}

/** A new folder in the customer's share (the page's one form). */
export async function action({ request, context, params }: Route.ActionArgs) {
  return submitForm(request, context, createFolderSchema, (api, body) =>
    call(api, staffFileShareEndpoints.createFileShareFolder, {
      params: { companyId: params.customer },
      body,
    }),
  );
}

const SHARE_PANEL = "share-files";

export default function StaffCustomerFiles({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const { state, customer, content, usage, problem } = loaderData;
  const [preview, setPreview] = useState<ShareFile | null>(null);
  const [creating, setCreating] = useState(false);
  const [sharing, setSharing] = useState(false);
  const customers = href("staff-customers", locale);

  if (!customer)
    return (
      <StaffPage intro={null}>
        <Alert
          variant={problem === "forbidden" ? "info" : "error"}
          title={i18n._(problem === "forbidden" ? "staff.forbidden_title" : "staff.customer_missing_title")}
        >
          <p>{i18n._(problem === "forbidden" ? "staff.forbidden" : "staff.customer_missing")}</p>
          <Link to={customers} className={linkClass}>
            {i18n._("staff.back_to_customers")}
          </Link>
        </Alert>
      </StaffPage>
    );

  const { company, users } = customer;
  return (
    <StaffPage
      eyebrow={
        <Link
          to={`${customers}?${new URLSearchParams({ customer: company.id }).toString()}`}
          className={linkClass}
        >
          {company.name}
        </Link>
      }
      heading={i18n._("staff.files_heading", { company: company.name })}
      actions={
        content ? (
          <ShareActions
            sharing={sharing}
            panelId={SHARE_PANEL}
            onNewFolder={() => setCreating(true)}
            onToggleShare={() => setSharing((open) => !open)}
          />
        ) : null
      }
    >
      {content ? (
        <>
          <ShareBreadcrumb content={content} pathname={pathname} state={state} />
          {sharing ? (
            <SharePanel
              id={SHARE_PANEL}
              companyId={company.id}
              companyName={company.name}
              folder={content.folder}
              users={users}
              usage={usage}
              onClose={() => setSharing(false)}
            />
          ) : null}
          <ShareTable
            content={content}
            rows={shareRows(content)}
            pathname={pathname}
            state={state}
            locale={locale}
            companyName={company.name}
            onPreview={setPreview}
          />
          <PreviewDialog file={preview} onClose={() => setPreview(null)} />
          <NewFolderDialog open={creating} onOpenChange={setCreating} parent={content.folder} />
        </>
      ) : (
        <Alert
          variant={problem === "forbidden" ? "info" : "error"}
          title={i18n._(
            problem === "forbidden" ? "staff.forbidden_title" : "staff.files_folder_missing_title",
          )}
        >
          <p>{i18n._(problem === "forbidden" ? "staff.forbidden" : "staff.files_folder_missing")}</p>
          <Link
            to={listHref(pathname, state, STAFF_CUSTOMER_FILES, { filters: { folder: null } })}
            className={linkClass}
          >
            {i18n._("staff.files_back_top")}
          </Link>
        </Alert>
      )}
    </StaffPage>
  );
}
