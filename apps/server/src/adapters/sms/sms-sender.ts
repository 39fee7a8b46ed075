/** An outgoing text message to a phone number in E.164 form (`+8613800000000`). */
export type SmsMessage = { to: string; text: string };

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
