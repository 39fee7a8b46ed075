import { paymentConfigSchema, type PaymentConfig } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `GET /prod-api/trade/v1/payment-config`: where orders go, and whether payments are tests. */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return api.get('/prod-api/trade/v1/payment-config', {
    schema: paymentConfigSchema,
    silent: true,
    noLogin: true,
  });
}

/** Read once per visit: the server's payment settings change only with a restart. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment-config'] as const,
    queryFn: getPaymentConfig,
    staleTime: Infinity,
    retry: false,
  });
}
