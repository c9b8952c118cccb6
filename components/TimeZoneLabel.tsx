/**
 * The zone after a time shown in the team's zone ('PT'). Server-rendered hidden with the zone
 * it names; the boot module (lib/client/boot.ts) shows it when the reader's own zone is
 * another, and without JavaScript a stylesheet rule (`scripting: none`) shows it always. Not for
 * islands: the boot module changes it before React would hydrate it.
 */
export function TimeZoneLabel({ zone, short, long }: { zone: string; short: string; long: string }) {
  return (
    <span className="zone-label" data-time-zone={zone} title={long} hidden>
      {`\u00a0${short}`}
    </span>
  );
}
