/** The family-member dialog's and the Family Explorer's contents (server and island). */
import type { MouseEvent, PointerEvent } from "react";
import type { FamilyCard } from "../../../lib/families/types.ts";
import { familyHref } from "../../../lib/families/rules.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";
import { Avatar, Badges } from "./FamilyCards.tsx";
import { ChangePhotoButton } from "../../photos/ChangePhotoButton.tsx";
import { HeadshotConsentForm } from "../../photos/HeadshotConsentForm.tsx";
import { ChildPrivacyForm } from "./ChildPrivacyForm.tsx";

type Click = (event: MouseEvent<HTMLAnchorElement>) => void;

/** The detailed fields a member has (those the viewer may not see are absent from `card`). */
function Facts({ card }: { card: FamilyCard }) {
  const label = useI18n().m.family.facts;
  const facts: [string, React.ReactNode][] = [];
  if (card.jerseyNumber !== null) facts.push([label.jersey, `#${card.jerseyNumber}`]);
  if (card.position) facts.push([label.position, card.position]);
  if (card.favoritePosition && card.favoritePosition !== card.position) {
    facts.push([label.favoritePosition, card.favoritePosition]);
  }
  if (card.age !== null) facts.push([label.age, card.age]);
  if (card.yearsPlaying !== null) facts.push([label.yearsPlaying, card.yearsPlaying]);
  if (card.occupation) facts.push([label.occupation, card.occupation]);
  if (card.email) facts.push([label.email, <a key="email" href={`mailto:${card.email}`}>{card.email}</a>]);
  if (card.phone) facts.push([label.phone, <a key="phone" href={`tel:${card.phone}`}>{card.phone}</a>]);
  if (facts.length === 0) return null;
  return (
    <dl className="facts family-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="family-list">
      <h3 className="family-list__title">{title}</h3>
      <ul>{items.map((item, i) => <li key={i}>{item}</li>)}</ul>
    </div>
  );
}

export interface MemberDetailsProps {
  card: FamilyCard;
  related: FamilyCard[];
  /** Island handlers; without them every control is a link the server answers. */
  onClose?: Click;
  onExplore?: Click;
  onRelated?: (key: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** A guardian saved whether the player's photo is on the public roster. */
  onPublicPhotoSaved?: (playerId: string, consented: boolean) => void;
}

/**
 * The family-member dialog's body: who they are, their details, for a guardian of a player the
 * public-photo choice, their family, Explore Family and Close.
 */
export function MemberDetails(
  { card, related, onClose, onExplore, onRelated, onPublicPhotoSaved }: MemberDetailsProps,
) {
  const { m, t } = useI18n();
  const texts = m.family;
  return (
    <div className="dialog__body family-member">
      <div className="family-member__top">
        <Avatar person={card} size="lg" alt={t(texts.photoOf, { name: card.name })} />
        <div className="family-member__who">
          <h2 id="family-dialog-title" className="dialog__title">{card.name}</h2>
          <p className="family-member__role">
            {texts.relationship[card.relationship]}
            {card.familyName && ` · ${card.familyName}`}
          </p>
          <Badges card={card} />
          {card.type === "player" && card.canChangePhoto && (
            <ChangePhotoButton
              target={{ playerId: card.id, name: card.name, photoUrl: card.photoUrl }}
            />
          )}
        </div>
      </div>
      <Facts card={card} />
      {card.type === "player" && card.publicPhoto && (
        <HeadshotConsentForm
          key={card.id}
          playerId={card.id}
          firstName={card.firstName}
          choice={card.publicPhoto}
          onSaved={onPublicPhotoSaved}
        />
      )}
      {card.type === "player" && card.childPrivacy && (
        <ChildPrivacyForm
          key={`privacy-${card.id}`}
          playerId={card.id}
          firstName={card.firstName}
          privacy={card.childPrivacy}
        />
      )}
      <List title={texts.interests} items={card.interests} />
      <List title={texts.funFacts} items={card.funFacts} />
      {related.length > 0 && (
        <div className="family-list">
          <h3 className="family-list__title">
            {card.type === "player" ? texts.parents : texts.relatedChildren}
          </h3>
          <ul className="family-related">
            {related.map((r) => (
              <li key={r.key}>
                <a href={familyHref.member(r.key)} onClick={onRelated && ((e) => onRelated(r.key, e))}>
                  {r.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="dialog__actions">
        {card.familyId && (
          <a className="button button--secondary" href={familyHref.explore(card.key)} onClick={onExplore}>
            {texts.explore}
          </a>
        )}
        <a className="button button--primary" href={familyHref.card(card.key)} onClick={onClose}>
          {texts.close}
        </a>
      </div>
    </div>
  );
}

export interface ExplorerBodyProps {
  familyName: string;
  members: FamilyCard[];
  index: number;
  onGo?: (index: number, event: MouseEvent<HTMLAnchorElement>) => void;
  onClose?: Click;
  onPointerDown?: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLDivElement>) => void;
}

/**
 * The Family Explorer's body: one member at a time, previous and next (wrapping around), a dot
 * per member, 'k of n' and Close. Every control is a link, so it works without JavaScript too.
 */
export function ExplorerBody(
  { familyName, members, index, onGo, onClose, onPointerDown, onPointerUp }: ExplorerBodyProps,
) {
  const { m, t } = useI18n();
  const texts = m.family;
  const n = members.length;
  const card = members[index];
  const at = (i: number) => (i + n) % n;
  const go = (i: number) => onGo && ((e: MouseEvent<HTMLAnchorElement>) => onGo(at(i), e));
  return (
    <div className="dialog__body family-explorer">
      <h2 id="family-explorer-title" className="dialog__title">{familyName}</h2>
      <div
        className="family-explorer__stage"
        aria-live="polite"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        <Avatar person={card} size="lg" />
        <p className="family-explorer__name">{card.name}</p>
        <p className="family-member__role">
          {texts.relationship[card.relationship]}
          {card.jerseyNumber !== null && ` · #${card.jerseyNumber}`}
          {card.position && ` · ${card.position}`}
        </p>
        <Badges card={card} />
        <p className="family-explorer__counter">{t(texts.counter, { index: index + 1, total: n })}</p>
      </div>
      <div className="family-explorer__nav">
        <a
          className="button button--ghost family-explorer__step"
          href={familyHref.explore(members[at(index - 1)].key)}
          aria-label={texts.previous}
          onClick={go(index - 1)}
        >
          <span aria-hidden="true">‹</span>
        </a>
        <ul className="family-explorer__dots">
          {members.map((member, i) => (
            <li key={member.key}>
              <a
                className="family-explorer__dot"
                href={familyHref.explore(member.key)}
                aria-label={t(texts.showMember, { name: member.name })}
                aria-current={i === index ? "true" : undefined}
                onClick={go(i)}
              />
            </li>
          ))}
        </ul>
        <a
          className="button button--ghost family-explorer__step"
          href={familyHref.explore(members[at(index + 1)].key)}
          aria-label={texts.next}
          onClick={go(index + 1)}
        >
          <span aria-hidden="true">›</span>
        </a>
      </div>
      <div className="dialog__actions">
        <a className="button button--primary" href={familyHref.member(card.key)} onClick={onClose}>
          {texts.close}
        </a>
      </div>
    </div>
  );
}
