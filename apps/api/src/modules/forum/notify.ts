import { type Database, findForumPost, findUsersByNicks, listSubscriberIds, notifyUser } from "@camatlas/db";
import {
  FORUM_NOTICES,
  FORUM_NOTIFICATION_TYPES,
  mentionedNicks,
  plainTextOf,
  quotedPostIds,
} from "@camatlas/shared/forum";

// Who hears about a new post, each member once: quoted authors first, then mentioned members, then the topic's
// followers (its starter follows it from the start). The author never hears about her own post.

export interface NewPostFacts {
  postId: number;
  topicId: number;
  topicTitle: string;
  authorId: number;
  authorNick: string;
  body: string;
  url: string;
}

export async function notifyAboutPost(db: Database, post: NewPostFacts): Promise<void> {
  const told = new Set<number>([post.authorId]);
  const excerpt = plainTextOf(post.body, 140);
  const send = async (userId: number, type: string, title: string, text: string) => {
    if (told.has(userId)) return;
    told.add(userId);
    await notifyUser(db, userId, type, { title, text: excerpt ? `${text} ${excerpt}` : text, url: post.url });
  };

  for (const quotedId of quotedPostIds(post.body)) {
    const quoted = await findForumPost(db, quotedId);
    if (quoted?.userId && quoted.deletedAt === null)
      await send(
        quoted.userId,
        FORUM_NOTIFICATION_TYPES.quote,
        FORUM_NOTICES.quoteTitle,
        FORUM_NOTICES.quote(post.authorNick, post.topicTitle),
      );
  }
  for (const user of await findUsersByNicks(db, mentionedNicks(post.body)))
    await send(
      user.id,
      FORUM_NOTIFICATION_TYPES.mention,
      FORUM_NOTICES.mentionTitle,
      FORUM_NOTICES.mention(post.authorNick, post.topicTitle),
    );
  for (const userId of await listSubscriberIds(db, post.topicId))
    await send(
      userId,
      FORUM_NOTIFICATION_TYPES.reply,
      FORUM_NOTICES.replyTitle,
      FORUM_NOTICES.reply(post.authorNick, post.topicTitle),
    );
}
