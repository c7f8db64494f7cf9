import { ApiError, type ApiClient, type QueryParams } from "~/lib/api-client";

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
export async function load<T>(api: ApiClient, path: string, params?: QueryParams): Promise<Loaded<T>> {
  try {
    const answer = await api.get<T>(path, params);
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
