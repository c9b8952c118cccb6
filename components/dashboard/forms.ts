/**
 * A plain form of the family dashboard sent back with errors (posted without JavaScript): what
 * the person typed and the message per field, so the page re-renders it filled in.
 */
export interface SectionForm {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The dashboard's forms that can come back with errors; at most one is set per response. */
export interface DashboardForms {
  post?: SectionForm;
  essential?: SectionForm;
  campaign?: SectionForm & { campaignId: string };
}
