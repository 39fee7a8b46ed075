import { useTranslation } from 'react-i18next';
import { usePaymentConfig } from '../api/get-payment-config';
import classes from './test-payments-ribbon.module.css';

/**
 * A production server that runs the sandbox provider takes payments that move no money: every
 * page says so, so nobody mistakes it for a shop that charges, or takes its plans for paid ones.
 */
export function TestPaymentsRibbon() {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  if (!config.data?.test_payments) return null;
  return (
    <div
      className={classes.ribbon}
      role="note"
      aria-label={t('membership.testPayments.hint')}
      data-testid="test-payments-ribbon"
    >
      {t('membership.testPayments.ribbon')}
    </div>
  );
}
