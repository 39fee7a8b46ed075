import { phoneSchema } from '@lumen/contracts/auth';
import type { CountryCode } from 'libphonenumber-js/min';
import type * as PhoneRulesModule from 'libphonenumber-js/min';
import { getCurrentLanguage } from '../../shared/i18n/i18n';

/** Countries offered for sign-in by SMS, with their calling codes. */
export const dialCodes: Record<string, string> = {
  CN: '86',
  HK: '852',
  TW: '886',
  JP: '81',
  KR: '82',
  SG: '65',
  MY: '60',
  TH: '66',
  VN: '84',
  ID: '62',
  PH: '63',
  IN: '91',
  US: '1',
  CA: '1',
  MX: '52',
  BR: '55',
  AR: '54',
  CO: '57',
  CL: '56',
  PE: '51',
  ES: '34',
  GB: '44',
  FR: '33',
  DE: '49',
  IT: '39',
  AU: '61',
};

const countryForLanguage: Record<string, string> = { zh: 'CN', ja: 'JP', es: 'ES', en: 'US' };

export interface PhoneValue {
  country: string;
  number: string;
}

export function defaultPhoneValue(): PhoneValue {
  return { country: countryForLanguage[getCurrentLanguage()] ?? 'US', number: '' };
}

type PhoneRules = typeof PhoneRulesModule;
let rules: Promise<PhoneRules> | undefined;

/**
 * Each country's number lengths and prefixes (libphonenumber's smallest metadata), fetched
 * when a phone form first shows rather than with every visit.
 */
export function loadPhoneRules(): Promise<PhoneRules> {
  rules ??= import('libphonenumber-js/min').catch((error: unknown) => {
    rules = undefined;
    throw error;
  });
  return rules;
}

/**
 * The number in international form, or null when it cannot be a number of the chosen country
 * (spec §5 "phone valid"): +1 takes ten digits, +86 a mobile number of eleven, and so on. A
 * national trunk prefix (the leading 0 of Japan or Spain's old habits) is understood.
 */
export async function toInternational(value: PhoneValue): Promise<string | null> {
  const shape = phoneSchema.safeParse(
    `+${dialCodes[value.country] ?? ''}${value.number.replace(/[\s()-]/g, '').replace(/^0+/, '')}`,
  );
  if (!shape.success) return null;
  const { parsePhoneNumberFromString } = await loadPhoneRules();
  // The picker offers only the countries of `dialCodes`, all of them libphonenumber's codes.
  const parsed = parsePhoneNumberFromString(value.number, value.country as CountryCode);
  if (!parsed?.isValid() || parsed.countryCallingCode !== dialCodes[value.country]) return null;
  return parsed.number;
}
