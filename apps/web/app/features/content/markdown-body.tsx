import { cn } from "~/lib/cn";

/**
 * A Markdown body rendered by @ems/content on the server: our own reviewed content, with raw HTML
 * escaped by the renderer, so it is inserted as it is.
 */
export function MarkdownBody({ html, className }: { html: string; className?: string }) {
  return <div className={cn("prose-content", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
