import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A panel that slides over the right of the page (Radix dialog: focus trapped, Escape closes, focus
 * returns): one record of a list opened without leaving the list. Full width on phones.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  actions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  closeLabel: string;
  /** Buttons beside the title (edit, duplicate, PDF …). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-neutral-950/40" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-3xl flex-col border-l border-neutral-200 bg-white shadow-xl dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-4 py-4 sm:px-6 dark:border-neutral-800">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold break-words">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              className="rounded-md p-1 text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800"
              aria-label={closeLabel}
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          {actions ? (
            <div className="flex flex-wrap gap-2 border-b border-neutral-200 px-4 py-3 sm:px-6 dark:border-neutral-800">
              {actions}
            </div>
          ) : null}
          <div className="flex-1 space-y-6 overflow-y-auto px-4 py-5 sm:px-6">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
