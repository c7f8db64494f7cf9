import { queryRaiseSchema, staffEngineeringQueryEndpoints } from "@ems/contracts/engineering-queries";

import { call, type ApiClient } from "~/lib/api-client";
import { formIntent } from "~/lib/form-action.server";

import { queryCommentForm, querySettleForm } from "./engineering-queries";
import { load } from "./load.server";

/**
 * The forms of a query (comment, close, withdraw) and raising one, as intents of the pages that
 * show queries: the queue, and the assembly and PCB views where queries are raised. Prefixed, so
 * they never meet a page's own intents (the assembly view withdraws substitutes).
 */
export const queryIntents = {
  query_raise: formIntent(
    queryRaiseSchema,
    async (api, body) => (await call(api, staffEngineeringQueryEndpoints.raise, { body })).data,
  ),
  query_comment: formIntent(queryCommentForm, (api, { id, ...body }) =>
    call(api, staffEngineeringQueryEndpoints.reply, { params: { id }, body }),
  ),
  query_close: formIntent(querySettleForm, (api, { id, ...body }) =>
    call(api, staffEngineeringQueryEndpoints.close, { params: { id }, body }),
  ),
  query_withdraw: formIntent(querySettleForm, (api, { id, ...body }) =>
    call(api, staffEngineeringQueryEndpoints.withdraw, { params: { id }, body }),
  ),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The query a page's address opens (`?query=`): its detail, "missing" for an id that is no query
 * (or no uuid), or null when none is asked for.
 */
export async function loadAskedQuery(api: ApiClient, search: URLSearchParams) {
  const asked = search.get("query");
  if (!asked) return null;
  if (!UUID.test(asked)) return "missing" as const;
  const loaded = await load(api, staffEngineeringQueryEndpoints.detail, { params: { id: asked } });
  if (loaded.data) return loaded.data;
  if (loaded.problem === "forbidden") return null;
  return "missing" as const;
}
