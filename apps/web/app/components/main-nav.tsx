import { memo, useState } from "react";
import { useLingui } from "@lingui/react";
import { ChevronDown } from "lucide-react";
import { useLocation } from "react-router";

import { cn } from "~/lib/cn";
import { activeGroup, type MenuGroup } from "~/lib/nav";

import { ContactEntryLink } from "./contact-entry-link";
import { MenuLink } from "./menu-link";
import { useMountOnIntent } from "./ui/mount-on-intent";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

const entryClass =
  "group inline-flex h-10 items-center gap-0.5 rounded-md px-1.5 text-sm font-semibold whitespace-nowrap text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100 xl:px-2 2xl:px-2.5 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800";

/**
 * One group of the menu bar. Radix mounts when the group is about to be used (useMountOnIntent,
 * issue 20); until then a plain button of the same look stands in, and a press on it (touch, or a
 * click faster than the mount) opens the menu straight away.
 */
function GroupMenu({ group, active }: { group: MenuGroup; active: boolean }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const { mounted, mount, ref, intentHandlers } = useMountOnIntent<HTMLButtonElement>();
  const [open, setOpen] = useState(false);
  const className = cn(entryClass, active && "text-primary-800 dark:text-primary-300");
  const label = (
    <>
      {i18n._(group.titleKey)}
      <ChevronDown
        aria-hidden="true"
        className="size-4 shrink-0 transition-transform duration-100 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
      />
    </>
  );

  if (!mounted) {
    const openNow = () => {
      setOpen(true);
      mount();
    };
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded="false"
        data-state="closed"
        className={className}
        {...intentHandlers}
        onPointerDown={(event) => {
          // As Radix's trigger does: the left button opens, and the trigger does not take focus.
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          openNow();
        }}
        onClick={openNow}
      >
        {label}
      </button>
    );
  }
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger ref={ref} className={className}>
        {label}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className={cn("p-2", group.links.length > 8 ? "w-[36rem] max-w-[calc(100vw-1rem)]" : "w-72")}
      >
        <DropdownMenuLabel className="tracking-wide uppercase">{i18n._(group.titleKey)}</DropdownMenuLabel>
        <div className={cn(group.links.length > 8 && "grid grid-cols-2 gap-x-1")}>
          {group.links.map((link) => (
            <DropdownMenuItem key={link.key} asChild>
              <MenuLink
                link={link}
                aria-current={link.href === pathname ? "page" : undefined}
                className="aria-[current=page]:font-semibold aria-[current=page]:text-primary-800 dark:aria-[current=page]:text-primary-300"
              />
            </DropdownMenuItem>
          ))}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The desktop menu bar (≥ 1024 px, docs/behaviour/public-site.md#desktop-header): one Radix dropdown per group plus the contact entry.
 * Tab moves between the entries; Enter, Space or ↓ opens a group; the arrow keys move within it;
 * Escape closes it and returns focus to its button. Memoised: the header re-renders when it passes
 * its scroll threshold or opens the mobile panel, and the menu's dozens of links need not follow.
 */
export const MainNav = memo(function MainNav({ groups }: { groups: MenuGroup[] }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const current = activeGroup(groups, pathname);

  return (
    <nav aria-label={i18n._("nav.main_label")} className="hidden min-w-0 lg:block">
      <ul className="flex items-center">
        {groups.map((group) => (
          <li key={group.id}>
            <GroupMenu group={group} active={current === group.id} />
          </li>
        ))}
        <li>
          <ContactEntryLink className={entryClass} />
        </li>
      </ul>
    </nav>
  );
});
