import { phoneSchema } from '@lumen/contracts/auth';
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

/** The number in international form, or null when it is not a valid phone number (spec §5). */
export function toInternational(value: PhoneValue): string | null {
  const digits = value.number.replace(/[\s()-]/g, '').replace(/^0+/, '');
  const parsed = phoneSchema.safeParse(`+${dialCodes[value.country] ?? ''}${digits}`);
  return parsed.success ? parsed.data : null;
}
