import { pathOf, type Endpoint, type ResponseData } from "@ems/contracts/endpoints";
import { ApiError, type ApiClient, type QueryParams } from "~/lib/api-client";

export interface ListPage<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export type ListAnswer<T> =
  | { page: ListPage<T>; forbidden: false; invalid: false }
  | { page: null; forbidden: true; invalid: false }
  | { page: null; forbidden: false; invalid: true };

/** The row type of a list endpoint. */
export type ItemOf<E> = ResponseData<E> extends { items: readonly (infer T)[] } ? T : never;

/**
 * One page of a list endpoint for a loader. A role that may not read the list (403) and a query the API
 * rejects (400) become states the page explains; anything else is the error page's business.
 */
export async function loadList<E extends Endpoint>(
  api: ApiClient,
  endpoint: E,
  query: QueryParams,
): Promise<ListAnswer<ItemOf<E>>> {
  try {
    // The query comes from the page's URL state (list-query.ts), checked against the list's spec.
    const answer = await api.request<ListPage<ItemOf<E>>>(endpoint.method, pathOf(endpoint), {
      params: query,
    });
    return { page: answer.data, forbidden: false, invalid: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      return { page: null, forbidden: true, invalid: false };
    if (error instanceof ApiError && error.status === 400)
      return { page: null, forbidden: false, invalid: true };
    throw error;
  }
}
