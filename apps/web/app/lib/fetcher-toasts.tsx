import { useEffect, useRef, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";

import type { FormReply } from "./form-action.server";
import { showToast } from "./toast";

/**
 * A row's form goes with its row when the page's new data leaves the row out (a restored file leaves
 * "Recently deleted"). The router brings the action's answer and that data together, and React may
 * render only the last of its updates (they are transitions), so the form may never see its answer,
 * nor even its own "submitting". So each form with a success toast also has a `FetcherToast` under
 * `FetcherToasts` (root.tsx), which outlives the rows: it holds the form's fetcher (the router keeps
 * a fetcher's answer while someone holds it), toasts each new successful answer, and goes once the
 * form is gone and nothing is on its way.
 */
interface Watched {
  key: string;
  success: string;
  /** Every form of this fetcher has unmounted. */
  gone: boolean;
}

// The server's snapshot and the browser's first are the same array, so hydrating needs no second
// render of the root.
const NOTHING_WATCHED: readonly Watched[] = [];
let watched: readonly Watched[] = NOTHING_WATCHED;
/** How many mounted forms use each fetcher key (a list renders a row's form as a card and a table row). */
const forms = new Map<string, number>();
const listeners = new Set<() => void>();

function update(next: readonly Watched[]) {
  watched = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A form of fetcher `key` that toasts `success` is mounted; the returned function says it unmounted. */
export function watchFetcherForm(key: string, success: string): () => void {
  forms.set(key, (forms.get(key) ?? 0) + 1);
  const others = watched.filter((item) => item.key !== key);
  update([...others, { key, success, gone: false }]);
  return () => {
    const left = (forms.get(key) ?? 1) - 1;
    if (left > 0) return void forms.set(key, left);
    forms.delete(key);
    update(watched.map((item) => (item.key === key ? { ...item, gone: true } : item)));
  };
}

/** Every post's reply is a new object: whoever sees a reply first (the form or FetcherToast) toasts it, once. */
const toastedReplies = new WeakSet<object>();

export function toastOnce(reply: object, success: string | undefined): void {
  if (toastedReplies.has(reply)) return;
  toastedReplies.add(reply);
  if (success) showToast({ title: success, color: "success" });
}

function FetcherToast({ fetcherKey, success, gone }: { fetcherKey: string; success: string; gone: boolean }) {
  const fetcher = useFetcher<FormReply>({ key: fetcherKey });
  // The answer the fetcher already had when watching began (a form shown again) is no news.
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data !== seen.current) {
      seen.current = fetcher.data;
      if (fetcher.data?.done) toastOnce(fetcher.data, success);
    }
    if (gone && fetcher.state === "idle" && !forms.has(fetcherKey))
      update(watched.filter((item) => item.key !== fetcherKey));
  }, [fetcher.data, fetcher.state, fetcherKey, gone, success]);
  return null;
}

/** The success toasts of posts whose form may be gone when the answer comes; rendered once, in root.tsx. */
export function FetcherToasts() {
  const items = useSyncExternalStore(
    subscribe,
    () => watched,
    () => NOTHING_WATCHED,
  );
  return items.map(({ key, success, gone }) => (
    <FetcherToast key={key} fetcherKey={key} success={success} gone={gone} />
  ));
}
