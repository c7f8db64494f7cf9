import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

import { inputClassName } from "./input";
import { useLimitedText } from "./limited-text";

export const textareaClassName = cn(inputClassName, "h-auto min-h-20 py-2");

/**
 * A multi-line field. With `maxLength` it counts characters and lets longer text in to say so
 * (`useLimitedText`) instead of cutting off what is pasted.
 */
export function Textarea({ className, maxLength, ...props }: ComponentProps<"textarea">) {
  if (maxLength === undefined) return <textarea className={cn(textareaClassName, className)} {...props} />;
  return <LimitedTextarea {...props} className={className} max={maxLength} />;
}

function LimitedTextarea({
  className,
  max,
  ...props
}: Omit<ComponentProps<"textarea">, "maxLength"> & { max: number }) {
  const { control, status } = useLimitedText(max, props);
  return (
    <div className="space-y-1">
      <textarea className={cn(textareaClassName, className)} {...props} {...control} />
      {status}
    </div>
  );
}
