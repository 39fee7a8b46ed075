import type { campaignJudgings, campaignKinds } from '@lumen/contracts/community';
import {
  createCampaignBodySchema,
  type Campaign,
  type CreateCampaignBody,
} from '@lumen/contracts/community';

export const CAMPAIGN_TITLE_MAX = 100;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const CAMPAIGN_RULES_MAX = 5000;

export interface CampaignFormValues {
  title: string;
  description: string;
  rules: string;
  cover: string;
  kind: (typeof campaignKinds)[number];
  judging: (typeof campaignJudgings)[number];
  /** `datetime-local` values (the admin's own time zone), e.g. "2026-05-01T09:00". */
  entryStartsAt: string;
  entryEndsAt: string;
  votingEndsAt: string;
}

export type CampaignFormField = keyof CampaignFormValues;
/** Field → i18n key of the message shown under it. */
export type CampaignFormErrors = Partial<Record<CampaignFormField, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant, or null when it is empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function campaignFormValues(campaign: Campaign | null): CampaignFormValues {
  return {
    title: campaign?.title ?? '',
    description: campaign?.description ?? '',
    rules: campaign?.rules ?? '',
    cover: '',
    kind: campaign?.kind ?? 'any',
    judging: campaign?.judging ?? 'votes',
    entryStartsAt: campaign ? toLocalInput(campaign.entry_starts_at) : '',
    entryEndsAt: campaign ? toLocalInput(campaign.entry_ends_at) : '',
    votingEndsAt: campaign ? toLocalInput(campaign.voting_ends_at) : '',
  };
}

const k = (key: string) => `admin.campaigns.errors.${key}`;

/**
 * Checks the form before it is sent: a title, three dates, entries closing after they open and
 * voting (or judging) ending after entries close. Returns the body the admin routes take.
 */
export function validateCampaignForm(
  values: CampaignFormValues,
): { ok: true; body: CreateCampaignBody } | { ok: false; errors: CampaignFormErrors } {
  const errors: CampaignFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = k('titleRequired');
  else if (title.length > CAMPAIGN_TITLE_MAX) errors.title = k('titleTooLong');

  const start = fromLocalInput(values.entryStartsAt);
  const end = fromLocalInput(values.entryEndsAt);
  const voting = fromLocalInput(values.votingEndsAt);
  if (!start) errors.entryStartsAt = k('dateRequired');
  if (!end) errors.entryEndsAt = k('dateRequired');
  if (!voting) errors.votingEndsAt = k('dateRequired');
  if (start && end && Date.parse(end) <= Date.parse(start)) {
    errors.entryEndsAt = k('entryEndBeforeStart');
  }
  if (end && voting && Date.parse(voting) <= Date.parse(end)) {
    errors.votingEndsAt = k('votingEndBeforeEntryEnd');
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const parsed = createCampaignBodySchema.safeParse({
    title,
    description: values.description,
    rules: values.rules,
    ...(values.cover.trim() ? { cover: values.cover } : {}),
    kind: values.kind,
    judging: values.judging,
    entry_starts_at: start,
    entry_ends_at: end,
    voting_ends_at: voting,
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    const byName: Record<string, CampaignFormField> = {
      description: 'description',
      rules: 'rules',
      cover: 'cover',
    };
    const at = typeof field === 'string' ? byName[field] : undefined;
    return { ok: false, errors: { [at ?? 'title']: k('invalid') } };
  }
  return { ok: true, body: parsed.data };
}
