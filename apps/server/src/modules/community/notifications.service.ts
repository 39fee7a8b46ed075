import type {
  NotificationItem,
  NotifySubType,
  NotifyType,
  QueryNotifyListBody,
} from '@lumen/contracts/community';
import { notifyTypes } from '@lumen/contracts/community';
import { parseLanguage, type Language } from '@lumen/contracts/i18n';
import type { EmailNotices } from '../account/account.schema';
import type { Transaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import type { MessageKey } from '../../lib/i18n/en';
import { translate } from '../../lib/i18n/translate';
import type { CommunityMail, CommunityPeople } from './community.ports';
import type { NotificationParams, NotificationRow, WorkRow } from './community.schema';
import type { NotificationsRepository } from './notifications.repository';
import type { WorkCards } from './work-cards';

/** What happened, for whom; the texts are rendered in the reader's language when read. */
export type NewNotice = {
  userId: number;
  notifyType: NotifyType;
  subType: NotifySubType;
  actorId?: number | null;
  workId?: number | null;
  commentId?: number | null;
  params?: NotificationParams;
  link?: string;
  /** Same key for the same recipient notifies once (like → unlike → like). */
  dedupeKey?: string | null;
};

/** Title and content message keys per sub-type; broadcasts carry their own texts. */
const texts: Partial<Record<NotifySubType, { title: MessageKey; content?: MessageKey }>> = {
  like: { title: 'notify.like' },
  comment: { title: 'notify.comment' },
  reply: { title: 'notify.reply' },
  follow: { title: 'notify.follow' },
  comment_like: { title: 'notify.commentLike' },
  work_approved: { title: 'notify.workApproved', content: 'notify.workApprovedBody' },
  work_rejected: { title: 'notify.workRejected', content: 'notify.workRejectedBody' },
  work_hidden: { title: 'notify.workHidden', content: 'notify.workHiddenBody' },
  edit_approved: { title: 'notify.editApproved', content: 'notify.editApprovedBody' },
  edit_rejected: { title: 'notify.editRejected', content: 'notify.editRejectedBody' },
  campaign_result: { title: 'notify.campaignResult', content: 'notify.campaignResultBody' },
  report_resolved: { title: 'notify.reportResolved', content: 'notify.reportResolvedBody' },
};

/**
 * After a notice e-mail, further notices of the same kind wait this long and then leave in one
 * digest (decision 0018): a popular work's likes make a few e-mails an hour, not one per like.
 */
export const NOTICE_MAIL_WINDOW_MS = 10 * 60_000;
/** Notices listed in a digest; the rest are counted. */
const DIGEST_LINES = 10;

/** Which e-mail notice setting (account settings) covers a sub-type; others send no e-mail. */
const emailSetting: Partial<Record<NotifySubType, keyof EmailNotices>> = {
  like: 'likes',
  comment_like: 'likes',
  comment: 'comments',
  reply: 'comments',
  follow: 'follows',
  broadcast: 'official',
};

export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  people: CommunityPeople;
  cards: WorkCards;
  events: EventBus;
  mail: CommunityMail;
  clock: Clock;
  publicUrl: string;
  findWorks(ids: number[]): Promise<WorkRow[]>;
  log: (err: unknown, message: string) => void;
}) {
  const { repository, clock } = deps;

  async function render(rows: NotificationRow[], lang: Language): Promise<NotificationItem[]> {
    const actors = await deps.cards.authorsOf(
      rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])),
    );
    const works = new Map(
      (await deps.findWorks(rows.flatMap((r) => (r.workId === null ? [] : [r.workId])))).map(
        (w) => [w.id, w],
      ),
    );
    return Promise.all(
      rows.map(async (row) => {
        const actor = row.actorId === null ? undefined : actors.get(row.actorId);
        const params: NotificationParams = { ...row.params, actor: actor?.nickname ?? '' };
        const text = texts[row.subType as NotifySubType];
        const work = row.workId === null ? undefined : works.get(row.workId);
        return {
          id: String(row.id),
          notifyType: row.notifyType as NotifyType,
          subType: row.subType as NotifySubType,
          title: text ? translate(lang, text.title, params) : String(params.title ?? ''),
          content: text?.content
            ? translate(lang, text.content, params)
            : String(params.text ?? params.content ?? ''),
          readStatus: row.readAt ? 1 : 0,
          actor: actor
            ? { user_id: actor.id, nickname: actor.nickname, avatar: actor.avatar }
            : null,
          work: work
            ? { work_id: String(work.id), thumb_url: await deps.cards.thumbOf(work) }
            : null,
          link: row.link,
          createTime: row.createdAt.toISOString(),
        } satisfies NotificationItem;
      }),
    );
  }

  /** The e-mail notice setting that covers a notice, if it is mailed at all. */
  function settingOf(row: NotificationRow): keyof EmailNotices | undefined {
    const setting = emailSetting[row.subType as NotifySubType];
    if (!setting || (row.subType === 'broadcast' && row.notifyType !== 'official'))
      return undefined;
    return setting;
  }

  /** Where and in which language to mail a user, when they want this setting's notices. */
  async function mailTarget(
    userId: number,
    setting: keyof EmailNotices,
  ): Promise<{ email: string; lang: Language } | null> {
    const [user] = await deps.people.listByIds([userId]);
    if (!user?.email || user.status !== 'active') return null;
    if (!(await deps.people.emailNoticesOf(userId))[setting]) return null;
    // Written in the language the recipient last used Lumen in; English when unknown.
    return { email: user.email, lang: parseLanguage(user.language) };
  }

  /** One notice as it is, several as a digest listing the first DIGEST_LINES of them. */
  async function sendMail(
    target: { email: string; lang: Language },
    rows: NotificationRow[],
  ): Promise<void> {
    const { lang } = target;
    const items = await render(rows, lang);
    const [only] = items;
    if (!only) return;
    if (items.length === 1) {
      const link = only.link ? `${deps.publicUrl}${only.link}` : deps.publicUrl;
      await deps.mail.send({
        to: target.email,
        subject: translate(lang, 'mail.notifySubject', { title: only.title }),
        text: translate(lang, 'mail.notifyBody', {
          title: only.title,
          content: only.content,
          link,
        }),
      });
      return;
    }
    const lines = items
      .slice(0, DIGEST_LINES)
      .map((item) => `• ${item.title}${item.content ? ` — ${item.content}` : ''}`);
    if (items.length > DIGEST_LINES) {
      lines.push(translate(lang, 'mail.digestMore', { count: items.length - DIGEST_LINES }));
    }
    await deps.mail.send({
      to: target.email,
      subject: translate(lang, 'mail.digestSubject', { count: items.length }),
      text: translate(lang, 'mail.digestBody', {
        items: lines.join('\n'),
        link: `${deps.publicUrl}/notifications`,
      }),
    });
  }

  /**
   * Mails a notice at once when the recipient's window for its kind is closed (with any that
   * waited for it), else leaves it for the digest sent when the window closes (decision 0018).
   */
  async function mailFor(row: NotificationRow): Promise<void> {
    const setting = settingOf(row);
    if (!setting) return;
    const target = await mailTarget(row.userId, setting);
    if (!target) return;
    const now = clock.now();
    if (!(await repository.openMailWindow(row.userId, setting, now, NOTICE_MAIL_WINDOW_MS))) {
      await repository.holdForDigest(row.id, setting);
      return;
    }
    const held = await repository.takePending(row.userId, setting);
    await sendMail(target, [...held, row]);
  }

  /**
   * Stores notices (never to the actor). Given the transaction of what caused them, they
   * commit with it or not at all; `deliver` them once it has committed.
   */
  async function record(notices: NewNotice[], tx?: Transaction): Promise<NotificationRow[]> {
    const now = clock.now();
    return repository.insert(
      notices
        .filter((n) => n.actorId == null || n.actorId !== n.userId)
        .map((n) => ({
          userId: n.userId,
          notifyType: n.notifyType,
          subType: n.subType,
          actorId: n.actorId ?? null,
          workId: n.workId ?? null,
          commentId: n.commentId ?? null,
          params: n.params ?? {},
          link: n.link ?? '',
          dedupeKey: n.dedupeKey ?? null,
          createdAt: now,
        })),
      tx,
    );
  }

  /**
   * Pushes stored notices to the recipients' open tabs as `notification` events and e-mails
   * them when the recipients' settings ask for it. What caused them has committed by now, so
   * a failure here is logged and never answered as the caller's failure.
   */
  async function deliver(rows: NotificationRow[]): Promise<void> {
    for (const row of rows) {
      try {
        deps.events.publish(row.userId, {
          type: 'notification',
          data: { id: String(row.id), notifyType: row.notifyType, subType: row.subType },
        });
        await mailFor(row);
      } catch (err) {
        deps.log(err, 'notification delivery failed');
      }
    }
  }

  return {
    render,
    record,
    deliver,

    /** Stores notices on their own and delivers them (`record` + `deliver`). */
    async notify(notices: NewNotice[]): Promise<number> {
      const rows = await record(notices);
      await deliver(rows);
      return rows.length;
    },

    /**
     * Sends the digests whose window has closed: each user gets, per e-mail notice setting, one
     * mail with the notices that waited (scheduled every minute; several nodes send each once).
     */
    async sendDigests(): Promise<number> {
      const now = clock.now();
      let sent = 0;
      for (const { userId, setting } of await repository.dueDigests(now, NOTICE_MAIL_WINDOW_MS)) {
        try {
          const rows = await repository.takeDigest(userId, setting, now, NOTICE_MAIL_WINDOW_MS);
          if (rows.length === 0) continue;
          // Settings changed while the notices waited are honoured.
          const target = await mailTarget(userId, setting as keyof EmailNotices);
          if (!target) continue;
          await sendMail(target, rows);
          sent++;
        } catch (err) {
          deps.log(err, 'notification digest failed');
        }
      }
      return sent;
    },

    /** Renders a `notification` bus event for one reader (the SSE stream calls this). */
    async renderEvent(userId: number, id: string, lang: Language) {
      const { rows } = await repository.list({ userId, offset: 0, limit: 1, ids: [Number(id)] });
      const [item] = await render(rows, lang);
      return item;
    },

    /** `POST /capi/notify/queryNotifyList`: pages from 1 (0 is page one too), newest first. */
    async list(userId: number, body: QueryNotifyListBody, lang: Language) {
      const status = body.status === 0 ? false : body.status === 1 ? true : undefined;
      const notifyType = notifyTypes.find((t) => t === body.notifyType);
      const { rows, total } = await repository.list({
        userId,
        ...(status === undefined ? {} : { read: status }),
        ...(notifyType ? { notifyType } : {}),
        offset: Math.max(body.pageNo - 1, 0) * body.pageSize,
        limit: body.pageSize,
      });
      return { total, resultList: await render(rows, lang) };
    },

    /** The 60 s notice poll (spec §4): unread per tab and whether anything came since `timestamp`. */
    async poll(userId: number, timestamp: number | undefined) {
      const [byType, latestAt, newSince] = await Promise.all([
        repository.unreadByType(userId),
        repository.latestAt(userId),
        timestamp === undefined
          ? Promise.resolve(0)
          : repository.countSince(userId, new Date(timestamp)),
      ]);
      const unread = {
        interactive: byType.interactive ?? 0,
        official: byType.official ?? 0,
        system: byType.system ?? 0,
        notice: byType.notice ?? 0,
        total: 0,
      };
      unread.total = unread.interactive + unread.official + unread.system + unread.notice;
      return {
        unread,
        latest_at: latestAt?.getTime() ?? null,
        has_new: newSince > 0,
        timestamp: clock.now().getTime(),
        notices: { other: unread.total - unread.interactive },
      };
    },

    async markRead(
      userId: number,
      body: {
        ids?: string[] | undefined;
        notifyType?: NotifyType | undefined;
        all?: boolean | undefined;
      },
    ) {
      const updated = await repository.markRead(
        userId,
        {
          ...(body.ids ? { ids: body.ids.map(Number) } : {}),
          ...(body.notifyType ? { notifyType: body.notifyType } : {}),
          ...(body.all ? { all: true } : {}),
        },
        clock.now(),
      );
      return { updated };
    },

    /** An admin's official message or notice to every active user; answers how many got it. */
    async broadcast(body: {
      notifyType: 'official' | 'notice';
      title: string;
      content: string;
      link: string;
    }): Promise<{ sent: number }> {
      let sent = 0;
      for (let after = 0; ;) {
        const ids = await deps.people.listActiveIds(after, 500);
        if (ids.length === 0) break;
        sent += await this.notify(
          ids.map((userId) => ({
            userId,
            notifyType: body.notifyType,
            subType: 'broadcast',
            params: { title: body.title, content: body.content },
            link: body.link,
          })),
        );
        after = ids[ids.length - 1]!;
      }
      return { sent };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
