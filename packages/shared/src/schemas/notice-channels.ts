import { z } from 'zod';
import { MESSAGE_EVENT_LABELS, MESSAGE_EVENTS } from './messaging';

/** How a notice may reach a customer: each kind of notice on the channels they chose for it. */
export const NOTICE_CHANNELS = ['email', 'push', 'sms', 'whatsapp'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = { email: 'E-mail', push: 'Push', sms: 'SMS', whatsapp: 'WhatsApp' };
export const NOTICE_KIND_LABELS = MESSAGE_EVENT_LABELS;
export const NOTICE_CHANNELS_SAVED = 'Notification preferences saved';

/** Each kind of notice, the channels offered for it (SMS and WhatsApp once the number is confirmed) and those chosen. */
export const noticeChannelsSchema = z.object({
  kinds: z.array(z.object({ event: z.enum(MESSAGE_EVENTS), label: z.string(), channels: z.array(z.enum(NOTICE_CHANNELS)) })),
  chosen: z.record(z.string(), z.array(z.enum(NOTICE_CHANNELS))),
});
export type NoticeChannels = z.infer<typeof noticeChannelsSchema>;

/** The channels chosen per kind; a kind left out keeps its choice. */
export const saveNoticeChannelsSchema = z.strictObject({
  chosen: z.partialRecord(z.enum(MESSAGE_EVENTS), z.array(z.enum(NOTICE_CHANNELS)).max(NOTICE_CHANNELS.length)),
});
export type SaveNoticeChannels = z.infer<typeof saveNoticeChannelsSchema>;
