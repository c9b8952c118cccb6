import { type MouseEvent, type PointerEvent, type SyntheticEvent, useEffect, useMemo, useRef, useState } from "react";
import type { SoccerFamily } from "../lib/families/types.ts";
import { cardId, parseOpenMember, SWIPE_PX, wrapIndex } from "../lib/families/rules.ts";
import { FamilyCardList } from "../components/dashboard/family/FamilyCards.tsx";
import { ExplorerBody, MemberDetails } from "../components/dashboard/family/FamilyDialogs.tsx";
import { type PhotoChange, usePhotoChanges } from "../lib/client/player_photo.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface FamilyExplorerProps {
  family: SoccerFamily;
  /** The page's `?member=` (a list, a card's dialog or the Explorer opened without JavaScript). */
  openMember: string | null;
}

type View = "players" | "parents";
type Explore = { familyId: string; index: number };

/** A click the browser should handle itself (a new tab, a download…). */
const modified = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** Members of one family, as the Explorer shows them: the players (by jersey), then the parents. */
const familyMembers = (family: SoccerFamily, familyId: string) =>
  [...family.players, ...family.parents].filter((c) => c.familyId === familyId);

/** The players' cards with the photos saved on this page since it loaded (the PlayerPhoto dialog). */
function withPhotos(family: SoccerFamily, changes: Record<string, PhotoChange>): SoccerFamily {
  if (Object.keys(changes).length === 0) return family;
  const players = family.players.map((card) => {
    const change = changes[card.id];
    if (!change) return card;
    return { ...card, photoUrl: change.photoUrlMedium ?? change.photoUrl, photoUrlSmall: change.photoUrlSmall };
  });
  return { ...family, players };
}

/** The players' cards with the public-photo choices saved on this page since it loaded. */
function withPublicPhotoChoices(family: SoccerFamily, saved: Record<string, boolean>): SoccerFamily {
  if (Object.keys(saved).length === 0) return family;
  const players = family.players.map((card) =>
    card.publicPhoto && card.id in saved
      ? { ...card, publicPhoto: { ...card.publicPhoto, consented: saved[card.id] } }
      : card
  );
  return { ...family, players };
}

/** Opens a dialog as a modal (a dialog the server rendered open becomes one too). */
function showModal(el: HTMLDialogElement | null) {
  if (!el || el.matches(":modal")) return;
  if (el.open) el.close();
  el.showModal();
}

/** Removes `?member=` from the address once JavaScript handles the dialogs (a reload opens nothing). */
function forgetMemberQuery() {
  const url = new URL(location.href);
  if (!url.searchParams.has("member")) return;
  url.searchParams.delete("member");
  history.replaceState(history.state, "", url);
}

/**
 * Meet Your Soccer Family's interactive part: the Players/Parents toggle, the cards, the
 * family-member dialog and the Family Explorer. The server renders it from the same props, with
 * every control a link or a GET form (`?member=`), so it all works before and without hydration.
 */
export default function FamilyExplorer({ family: loaded, openMember }: FamilyExplorerProps) {
  const texts = useI18n().m.family;
  const photoChanges = usePhotoChanges();
  const [publicPhotoChoices, setPublicPhotoChoices] = useState<Record<string, boolean>>({});
  const family = useMemo(
    () => withPublicPhotoChoices(withPhotos(loaded, photoChanges), publicPhotoChoices),
    [loaded, photoChanges, publicPhotoChoices],
  );
  const initial = useMemo(() => {
    const state = parseOpenMember(openMember);
    const card = state.member ? [...family.players, ...family.parents].find((c) => c.key === state.member) : undefined;
    const explore = state.explore && card?.familyId
      ? { familyId: card.familyId, index: familyMembers(family, card.familyId).indexOf(card) }
      : null;
    return { view: state.view, member: card && !explore ? card.key : null, explore };
  }, []);
  const [view, setView] = useState<View>(initial.view);
  const [member, setMember] = useState<string | null>(initial.member);
  const [explore, setExplore] = useState<Explore | null>(initial.explore);
  const memberDialog = useRef<HTMLDialogElement>(null);
  const exploreDialog = useRef<HTMLDialogElement>(null);
  const memberOpener = useRef<HTMLElement | null>(null);
  const exploreOpener = useRef<HTMLElement | null>(null);
  const swipeX = useRef<number | null>(null);

  const byKey = useMemo(() => new Map([...family.players, ...family.parents].map((c) => [c.key, c])), [family]);
  const card = member ? byKey.get(member) : undefined;
  const members = explore ? familyMembers(family, explore.familyId) : [];

  useEffect(() => {
    if (member) showModal(memberDialog.current);
  }, [member]);
  useEffect(() => {
    if (explore) showModal(exploreDialog.current);
  }, [explore !== null]);

  const restoreFocus = (opener: HTMLElement | null, key: string | undefined) => {
    const target = opener?.isConnected ? opener : key ? document.getElementById(cardId(key)) : null;
    target?.focus();
  };
  // A dialog closes by its Close link, Escape or `close()`; a close of a dialog that is open again
  // (the server's non-modal one made modal) is not one.
  const onMemberClosed = (e: SyntheticEvent<HTMLDialogElement>) => {
    if (e.currentTarget.open) return;
    const key = member ?? undefined;
    setMember(null);
    forgetMemberQuery();
    restoreFocus(memberOpener.current, key);
  };
  const onExploreClosed = (e: SyntheticEvent<HTMLDialogElement>) => {
    if (e.currentTarget.open) return;
    const key = members[explore?.index ?? 0]?.key;
    setExplore(null);
    forgetMemberQuery();
    restoreFocus(exploreOpener.current, key);
  };

  const openCard = (key: string, e: MouseEvent<HTMLAnchorElement>) => {
    if (modified(e)) return;
    e.preventDefault();
    memberOpener.current = e.currentTarget;
    setMember(key);
  };
  const switchMember = (key: string, e: MouseEvent<HTMLAnchorElement>) => {
    if (modified(e)) return;
    e.preventDefault();
    setMember(key);
  };
  const openExplorer = (e: MouseEvent<HTMLAnchorElement>) => {
    if (modified(e) || !card?.familyId) return;
    e.preventDefault();
    exploreOpener.current = e.currentTarget;
    setExplore({ familyId: card.familyId, index: familyMembers(family, card.familyId).indexOf(card) });
  };
  const close = (dialog: { current: HTMLDialogElement | null }) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (modified(e)) return;
    e.preventDefault();
    dialog.current?.close();
  };
  const step = (by: number) =>
    setExplore((x) => x && { ...x, index: wrapIndex(x.index, by, familyMembers(family, x.familyId).length) });

  const toggle = (next: View) => (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    setView(next);
  };

  return (
    <div className="family">
      <form className="family-toggle" method="get" action="#family" role="group" aria-label={texts.toggle}>
        {(["players", "parents"] as const).map((v) => (
          <button
            key={v}
            type="submit"
            name="member"
            value={v}
            className="family-toggle__button"
            aria-pressed={view === v}
            onClick={toggle(v)}
          >
            {v === "players" ? texts.players : texts.parents}
          </button>
        ))}
      </form>
      <FamilyCardList
        key={view}
        view={view}
        cards={view === "players" ? family.players : family.parents}
        byKey={byKey}
        onOpen={openCard}
      />
      <dialog
        ref={memberDialog}
        id="family-dialog"
        className="dialog dialog--inline family-dialog"
        aria-labelledby={card ? "family-dialog-title" : undefined}
        open={initial.member !== null}
        onClose={onMemberClosed}
      >
        {card && (
          <MemberDetails
            card={card}
            related={card.related.flatMap((k) => byKey.get(k) ?? [])}
            onClose={close(memberDialog)}
            onExplore={openExplorer}
            onRelated={switchMember}
            onPublicPhotoSaved={(playerId, consented) =>
              setPublicPhotoChoices((all) => ({ ...all, [playerId]: consented }))}
          />
        )}
      </dialog>
      <dialog
        ref={exploreDialog}
        id="family-explorer"
        className="dialog dialog--inline family-explorer-dialog"
        aria-labelledby={explore ? "family-explorer-title" : undefined}
        open={initial.explore !== null}
        onClose={onExploreClosed}
        onKeyDown={(e) => {
          if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
          e.preventDefault();
          step(e.key === "ArrowRight" ? 1 : -1);
        }}
      >
        {explore && members.length > 0 && (
          <ExplorerBody
            familyName={members[0].familyName ?? ""}
            members={members}
            index={Math.min(explore.index, members.length - 1)}
            onGo={(index, e) => {
              if (modified(e)) return;
              e.preventDefault();
              setExplore((x) => x && { ...x, index });
            }}
            onClose={close(exploreDialog)}
            onPointerDown={(e: PointerEvent<HTMLDivElement>) => void (swipeX.current = e.clientX)}
            onPointerUp={(e: PointerEvent<HTMLDivElement>) => {
              const dx = swipeX.current === null ? 0 : e.clientX - swipeX.current;
              swipeX.current = null;
              if (Math.abs(dx) > SWIPE_PX) step(dx < 0 ? 1 : -1);
            }}
          />
        )}
      </dialog>
    </div>
  );
}
