import { useLingui } from "@lingui/react";

import { Picture } from "~/components/ui/picture";
import { cn } from "~/lib/cn";

import {
  BOARD_IMAGE_SIZE,
  BOARDS,
  HERO_BOARD,
  HERO_IMAGE_NAME,
  PAGE_BOARDS,
  boardImageName,
  imageBase,
  licenceUrl,
  type BoardId,
  type BoardPicture,
} from "./boards";

/** The credit each picture carries under it: the design's project, author and licence. */
function BoardCredit({ board, className }: { board: BoardId; className?: string }) {
  const { i18n } = useLingui();
  const source = BOARDS[board];
  return (
    <figcaption className={cn("text-xs text-neutral-600 dark:text-neutral-400", className)}>
      {i18n._("board.caption", { project: source.project, author: source.author, licence: source.licence })}
    </figcaption>
  );
}

/** The home page's hero picture: the top side in front of the bottom side, the first image to load. */
export function HeroBoard({ className }: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <figure className={className}>
      <Picture
        base={imageBase(HERO_IMAGE_NAME)}
        alt={i18n._("board.alt_hero", { project: BOARDS[HERO_BOARD].project })}
        width={BOARD_IMAGE_SIZE.width}
        height={BOARD_IMAGE_SIZE.height}
        sourceWidth={BOARD_IMAGE_SIZE.width}
        sizes="(min-width: 1280px) 608px, (min-width: 1024px) 48vw, min(calc(100vw - 2rem), 28rem)"
        priority
        className="h-auto w-full"
      />
      <BoardCredit board={HERO_BOARD} className="mt-2 text-center" />
    </figure>
  );
}

function BoardFigure({ picture, priority }: { picture: BoardPicture; priority: boolean }) {
  const { i18n } = useLingui();
  return (
    <figure>
      <Picture
        base={imageBase(boardImageName(picture.board, picture.side))}
        alt={i18n._(picture.side === "top" ? "board.alt_top" : "board.alt_bottom", {
          project: BOARDS[picture.board].project,
        })}
        width={BOARD_IMAGE_SIZE.width}
        height={BOARD_IMAGE_SIZE.height}
        sourceWidth={BOARD_IMAGE_SIZE.width}
        sizes="(min-width: 768px) 24rem, calc(100vw - 2rem)"
        priority={priority}
        className="h-auto w-full"
      />
      <BoardCredit board={picture.board} className="mt-1" />
    </figure>
  );
}

/**
 * The board pictures of a service page or the case studies, under the page's introduction; null on
 * other pages. The first one sits in the first screen on wide displays and loads at once.
 */
export function PageBoards({ pageKey }: { pageKey: string }) {
  const pictures = PAGE_BOARDS[pageKey];
  if (!pictures || pictures.length === 0) return null;
  return (
    <div className={cn("mt-8 grid gap-6", pictures.length > 1 && "sm:grid-cols-2")}>
      {pictures.map((picture, index) => (
        <BoardFigure key={`${picture.board}-${picture.side}`} picture={picture} priority={index === 0} />
      ))}
    </div>
  );
}

/** Where the site credits every board it pictures (the imprint), with links to the files and licences. */
export function BoardCredits() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="board-credits" className="mt-12">
      <h2 id="board-credits" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        {i18n._("board.credits_heading")}
      </h2>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">{i18n._("board.credits_text")}</p>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-neutral-700 dark:text-neutral-300">
        {Object.values(BOARDS).map((source) => (
          <li key={source.set}>
            <a
              href={source.sourceUrl}
              className="font-medium text-primary-800 underline underline-offset-4 dark:text-primary-300"
            >
              {source.project}
            </a>
            {" – "}
            {source.author}
            {" – "}
            <a
              href={licenceUrl(source.licence)}
              className="text-primary-800 underline underline-offset-4 dark:text-primary-300"
            >
              {source.licence}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
