import { CAPTCHA_LENGTH, CAPTCHA_RESEND_S, TOAST_DEFAULT_MS } from '@lumen/contracts/constants';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error';
import { toast } from '../../shared/ui/toast';
import type { SendCaptchaResult } from './api/send-captcha';
import { useCountdown } from './use-countdown';

interface CaptchaFlowOptions {
  send: (address: string) => Promise<SendCaptchaResult>;
  /**
   * Uses the code: signs in, or binds the phone. Its call is silent and rejects with the API
   * error; a wrong code raises the flag, any other failure is shown here as a toast.
   */
  verify: (address: string, code: string) => Promise<void>;
}

export type CaptchaFlow = ReturnType<typeof useCaptchaFlow>;

/**
 * The spec §4 code steps shared by the e-mail and phone sign-in and the phone binding: form →
 * "code sent" with a 60 s resend countdown → submit; a wrong code raises a flag that the next
 * edit clears.
 */
export function useCaptchaFlow({ send, verify }: CaptchaFlowOptions) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'form' | 'sent'>('form');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [wrongCode, setWrongCode] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown();

  const sendCode = async (address: string) => {
    // Back on the form within the wait, the same address just returns to the code it already has.
    if (address === sentTo && countdown.remaining > 0) {
      setStep('sent');
      return;
    }
    setSending(true);
    try {
      const answer = await send(address);
      toast({ type: 'success', message: t('login.codeSent') });
      setSentTo(address);
      setCode('');
      setWrongCode(false);
      setStep('sent');
      countdown.start(answer.resend_after_s || CAPTCHA_RESEND_S);
    } catch {
      // The API client has shown the server's message (e.g. 3004, wait before resending).
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (code.length !== CAPTCHA_LENGTH) return;
    setSubmitting(true);
    try {
      await verify(sentTo, code);
    } catch (error) {
      if (!isApiError(error)) {
        toast({ type: 'error', message: t('login.failed') });
      } else if (error.code === ErrorCode.captchaWrong) {
        setWrongCode(true);
      } else {
        toast({
          type: 'error',
          message: error.msg || t('errors.generic'),
          duration: TOAST_DEFAULT_MS,
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return {
    step,
    sentTo,
    code,
    wrongCode,
    sending,
    submitting,
    remaining: countdown.remaining,
    sendCode,
    resend: () => sendCode(sentTo),
    submit,
    changeCode: (value: string) => {
      setCode(value);
      setWrongCode(false);
    },
    back: () => setStep('form'),
  };
}
