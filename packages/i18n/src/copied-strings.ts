import { IntlMessageFormat } from "intl-messageformat";

/**
 * content/locales/cognates.json: the reviewed strings a language may keep exactly as in English
 * (issue 20), per language plus `all` for symbols, units and abbreviations. Entries are grouped by
 * the English text; each says why the text is right in that language and names every catalog key
 * (`billing.json:billing.pdf`) it is right for, so a new key with the same text is reviewed again
 * and a changed English text no longer matches its old entry.
 */
export type CognateAllowlist = Record<string, Record<string, { why: string; keys: string[] }>>;

/** The catalog file the allowlist lives in, beside the language folders. */
export const COGNATES_FILE = "cognates.json";

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
}

/** The words a reader sees in a message, without its placeholders and ICU syntax. */
function literalText(message: string): string {
  let ast: AstNode[];
  try {
    ast = new IntlMessageFormat(message, "en", undefined, { ignoreTag: true }).getAst() as AstNode[];
  } catch {
    return message; // not ICU: every character is text (the catalog test reports the syntax)
  }
  const parts: string[] = [];
  const walk = (nodes: AstNode[]) => {
    for (const node of nodes) {
      if (node.type === 0 && typeof node.value === "string") parts.push(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(ast);
  return parts.join(" ");
}

/**
 * The keys of one language's catalog whose text is a copy of the English one and not in the
 * allowlist. Messages made only of placeholders and punctuation ("{amount}", "© {year} {brand}")
 * are the same in every language and never count.
 */
export function copiedStrings(
  locale: string,
  file: string,
  english: Record<string, string>,
  translated: Record<string, string>,
  allowlist: CognateAllowlist,
): string[] {
  const allowed = new Set<string>();
  for (const section of [allowlist.all, allowlist[locale]])
    for (const [text, entry] of Object.entries(section ?? {}))
      for (const key of entry.keys) allowed.add(`${key}\u0000${text}`);
  return Object.entries(english)
    .filter(
      ([key, text]) =>
        translated[key] === text &&
        /\p{L}/u.test(literalText(text)) &&
        !allowed.has(`${file}:${key}\u0000${text}`),
    )
    .map(([key]) => key);
}
