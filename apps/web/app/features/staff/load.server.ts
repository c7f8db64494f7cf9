import type { Endpoint, ResponseData } from "@ems/contracts/endpoints";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";
import { ApiError, call, type ApiClient, type CallArgs, type CallInput } from "~/lib/api-client";
import { listApiParams, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList, type ItemOf, type ListAnswer } from "~/lib/load-list";

/** Why a back-office loader has no data: a role that may not see it, a bad filter, a missing document. */
export type LoadProblem = "forbidden" | "invalid" | "not_found";

export interface Loaded<T> {
  data: T | null;
  problem: LoadProblem | null;
}

/**
 * A GET whose expected failures become a problem the page explains (403, 400, 404); anything else
 * (the API down, a bug) is thrown to the error page.
 */
export async function load<E extends Endpoint>(
  api: ApiClient,
  endpoint: E,
  input: CallInput<E>,
): Promise<Loaded<ResponseData<E>>> {
  try {
    // CallArgs<E> is a conditional type TypeScript cannot resolve for a generic E; the input is one.
    const answer = await call(api, endpoint, ...([input] as CallArgs<E>));
    return { data: answer.data, problem: null };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 403) return { data: null, problem: "forbidden" };
      if (error.status === 400) return { data: null, problem: "invalid" };
      if (error.status === 404) return { data: null, problem: "not_found" };
    }
    throw error;
  }
}

/**
 * One back-office list from the page's URL, with the customers its company filter offers (the
 * first hundred by name).
 */
export async function loadCustomerList<E extends Endpoint>(
  api: ApiClient,
  search: URLSearchParams,
  spec: ListSpec,
  endpoint: E,
) {
  const state = readListQuery(search, spec);
  const [list, customers] = await Promise.all([
    loadList(api, endpoint, listApiParams(state, spec)),
    loadList(api, staffCustomerEndpoints.list, { page_size: 100, sort: "name" }),
  ]);
  return { state, list, companies: (customers.page?.items ?? []).map(({ id, name }) => ({ id, name })) };
}

/** The lists of a page of views: each view's spec and endpoint, the first shown by default. */
type ViewSources = Record<string, readonly [ListSpec, Endpoint]>;

type ViewsData<V extends ViewSources> = {
  [View in keyof V & string]: Awaited<ReturnType<typeof loadCustomerList>> & {
    view: View;
    list: ListAnswer<ItemOf<V[View][1]>>;
  };
}[keyof V & string];

/** The view a page's URL asks for (`?view=`), or its first, with that view's list. */
export async function loadStaffViews<V extends ViewSources>(
  api: ApiClient,
  search: URLSearchParams,
  views: V,
): Promise<ViewsData<V>> {
  const keys = Object.keys(views);
  const asked = search.get("view");
  const view = asked && keys.includes(asked) ? asked : keys[0]!;
  const [spec, endpoint] = views[view]!;
  return { view, ...(await loadCustomerList(api, search, spec, endpoint)) } as ViewsData<V>;
}
