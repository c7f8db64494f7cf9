import { useEffect, useId, type ReactNode } from "react";

import { cn } from "~/lib/cn";
import { watchInvalidSubmits } from "~/lib/reveal-invalid-field";
import { INTENT_FIELD } from "~/lib/use-fetcher-form";

export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Renders the control with the ids and ARIA attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
  /** Shown beside the label (a link such as "Forgot password?"). */
  aside?: ReactNode;
}

/**
 * A labelled control with an optional hint and an error that screen readers hear with the field.
 * Every form built from these reveals its first invalid field on submit (`watchInvalidSubmits`).
 */
export function FormField({ label, children, description, error, className, aside }: FormFieldProps) {
  const id = useId();
  useEffect(watchInvalidSubmits, []);
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div data-form-field className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">
          {label}
        </label>
        {aside}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {description ? (
        <p id={descriptionId} className="text-sm text-neutral-600 dark:text-neutral-400">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Names which of the page's forms is posted (the route action's `submitIntent` picks it). */
export function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name={INTENT_FIELD} value={intent} />;
}
