/** Every query key of communications (notifications, e-mail preferences, phone notices, announcements, batch e-mails). */
export const communicationKeys = {
  notifications: {
    all: ['notifications'] as const,
    feed: (page: number, unreadOnly: boolean) => ['notifications', page, unreadOnly] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
  },
  emailPreferences: ['customer', 'email-preferences'] as const,
  /** The customer's number and channels for WhatsApp and SMS. */
  phoneMessaging: ['customer', 'phone-notices', 'messaging'] as const,
  /** The channels chosen per kind of notice (e-mail, push, SMS, WhatsApp). */
  noticeChannels: ['customer', 'notice-channels'] as const,
  announcements: ['announcements'] as const,
  batchEmails: {
    all: ['batch-emails'] as const,
    page: (page: number) => ['batch-emails', page] as const,
    recipients: (id: number | null, page: number) => ['batch-emails', 'recipients', id, page] as const,
  },
};
