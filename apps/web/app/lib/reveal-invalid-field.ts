/**
 * The first invalid field of a form is scrolled into view below the sticky header and focused
 * (issue 20). Form libraries focus it themselves, but a plain `focus()` scrolls it only just into
 * view, label outside, and a field above the viewport ends up under the header. Scrolling its
 * whole `FormField` (label included) to the top honours the page's `scroll-padding-top`.
 */
export function revealFirstInvalidField(form: HTMLFormElement | null | undefined): boolean {
  if (!form?.isConnected) return false;
  const field = Array.from(form.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      element.getAttribute("aria-invalid") === "true" &&
      element.getClientRects().length > 0,
  );
  if (!field) return false;
  (field.closest<HTMLElement>("[data-form-field]") ?? field).scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
  return true;
}

let watchers = 0;

/**
 * Reveals the first invalid field after every submit on the page. The listener runs before the
 * form's own handlers (capture on the document); their validation marks the fields in the same
 * task, so the check waits for the next one. A valid form has no marked field and nothing happens.
 */
function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (form instanceof HTMLFormElement) setTimeout(() => revealFirstInvalidField(form), 0);
}

/** Starts watching the page's submits (once, however many fields ask); the returned function stops. */
export function watchInvalidSubmits(): () => void {
  if (watchers++ === 0) document.addEventListener("submit", onSubmit, true);
  return () => {
    if (--watchers === 0) document.removeEventListener("submit", onSubmit, true);
  };
}
