import { useLingui } from "@lingui/react";

export interface GlossaryLetterView {
  letter: string;
  entries: { id: string; term: string; also?: string; definition: string }[];
}

/** The PCB glossary: a row of letters to jump to, then the terms of each letter as a definition list. */
export function Glossary({ letters }: { letters: readonly GlossaryLetterView[] }) {
  const { i18n } = useLingui();
  const count = letters.reduce((sum, letter) => sum + letter.entries.length, 0);
  return (
    <div className="mt-10">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{i18n._("glossary.count", { count })}</p>
      <nav aria-label={i18n._("glossary.letters_label")} className="mt-3">
        <ul className="flex flex-wrap gap-1">
          {letters.map(({ letter }) => (
            <li key={letter}>
              <a
                href={`#letter-${letter.toLowerCase()}`}
                className="flex size-9 items-center justify-center rounded-md border border-neutral-300 font-semibold text-neutral-900 hover:border-primary-600 hover:bg-primary-50 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-primary-950"
              >
                {letter}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {letters.map(({ letter, entries }) => (
        <section key={letter} aria-labelledby={`letter-${letter.toLowerCase()}`} className="mt-10">
          <h2
            id={`letter-${letter.toLowerCase()}`}
            className="scroll-mt-24 border-b border-neutral-200 pb-2 text-2xl font-bold text-neutral-900 dark:border-neutral-800 dark:text-white"
          >
            {letter}
          </h2>
          <dl className="mt-4 space-y-5">
            {entries.map((entry) => (
              <div key={entry.id} id={entry.id} className="scroll-mt-24">
                <dt className="font-semibold text-neutral-900 dark:text-white">
                  {entry.term}
                  {entry.also ? (
                    <span className="font-normal text-neutral-600 dark:text-neutral-400">
                      {" "}
                      ({entry.also})
                    </span>
                  ) : null}
                </dt>
                <dd className="mt-1 text-neutral-800 dark:text-neutral-200">{entry.definition}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
