import { useLingui } from "@lingui/react";
import { formatNumber } from "@ems/i18n/format";
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from "react";

import { cn } from "~/lib/cn";

/** From this limit on a one-line field counts its characters like a text area. */
export const LONG_TEXT_MIN = 200;

type TextElement = HTMLInputElement | HTMLTextAreaElement;

interface LimitedTextProps<E extends TextElement> {
  value?: string | number | readonly string[] | undefined;
  defaultValue?: string | number | readonly string[] | undefined;
  onChange?: ((event: ChangeEvent<E>) => void) | undefined;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling" | undefined;
  "aria-describedby"?: string | undefined;
  ref?: Ref<E> | undefined;
}

/** What the control gets from `useLimitedText`: the length rule's ARIA and change handler. */
export interface LimitedControl<E extends TextElement> {
  ref: RefObject<E | null>;
  onChange: (event: ChangeEvent<E>) => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string;
}

const lengthOf = (value: LimitedTextProps<TextElement>["value"]) =>
  value === undefined ? 0 : String(value).length;

/**
 * A text field's length against its schema's limit (issue 20): the text is never cut (no
 * `maxLength` attribute, which silently truncates what is pasted); a counter shows the length, and
 * text over the limit marks the field invalid with a message saying by how much. The zod schema's
 * `max` stays the rule that refuses it on submit.
 */
export function useLimitedText<E extends TextElement>(
  max: number,
  props: LimitedTextProps<E>,
): { control: LimitedControl<E>; status: ReactNode } {
  const { i18n } = useLingui();
  const id = useId();
  const ref = useRef<E>(null);
  const controlled = props.value !== undefined;
  const [typed, setTyped] = useState(() => lengthOf(props.defaultValue));
  const length = controlled ? lengthOf(props.value) : typed;
  const over = length - max;
  // The caller's own ref still reaches the element.
  useImperativeHandle(props.ref, () => ref.current as E, []);

  // The browser may restore a value before hydration, and a form reset changes it without an input
  // event: read the element itself then.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setTyped(element.value.length);
    const form = element.form;
    if (!form) return;
    const onReset = () => setTimeout(() => setTyped(element.value.length));
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, []);

  const counterId = `${id}-count`;
  const messageId = `${id}-too-long`;
  const describedBy = [props["aria-describedby"], counterId, over > 0 ? messageId : undefined]
    .filter(Boolean)
    .join(" ");
  const invalid = over > 0 || props["aria-invalid"] === true || props["aria-invalid"] === "true";

  return {
    control: {
      ref,
      onChange: (event) => {
        setTyped(event.currentTarget.value.length);
        props.onChange?.(event);
      },
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": describedBy,
    },
    status: (
      <div className="flex items-start justify-between gap-3 text-sm">
        {/* Always present, so screen readers announce the message when a paste overflows. */}
        <p id={messageId} aria-live="polite" className="font-medium text-red-700 dark:text-red-400">
          {over > 0 ? i18n._("form.too_long", { over, max }) : null}
        </p>
        <p
          id={counterId}
          data-testid="character-count"
          className={cn(
            "shrink-0 tabular-nums",
            over > 0
              ? "font-medium text-red-700 dark:text-red-400"
              : "text-neutral-600 dark:text-neutral-400",
          )}
        >
          <span aria-hidden="true">{`${formatNumber(length, i18n.locale)} / ${formatNumber(max, i18n.locale)}`}</span>
          <span className="sr-only">{i18n._("form.char_count", { count: length, max })}</span>
        </p>
      </div>
    ),
  };
}
