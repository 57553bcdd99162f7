ALTER TABLE "comments" ADD CONSTRAINT "comments_in_reply_to_comments_id_fk" FOREIGN KEY ("in_reply_to") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_topics_user_idx" ON "forum_topics" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "image_records_cam_site_idx" ON "image_records" USING btree ("cam_site_id","taken_at");--> statement-breakpoint
CREATE INDEX "stories_cam_site_idx" ON "stories" USING btree ("cam_site_id","publish_at");--> statement-breakpoint
CREATE INDEX "stories_nickname_idx" ON "stories" USING btree ("nickname_id");--> statement-breakpoint
CREATE INDEX "stories_user_idx" ON "stories" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_review_nicknames_nickname_idx" ON "user_review_nicknames" USING btree ("nickname_id");--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_value_check" CHECK ("comment_votes"."value" in (-1, 1));--> statement-breakpoint
ALTER TABLE "post_votes" ADD CONSTRAINT "post_votes_value_check" CHECK ("post_votes"."value" in (-1, 1));--> statement-breakpoint
ALTER TABLE "nickname_badges" ADD CONSTRAINT "nickname_badges_badge_id_check" CHECK ("nickname_badges"."badge_id" between 1 and 15);--> statement-breakpoint
ALTER TABLE "user_review_votes" ADD CONSTRAINT "user_review_votes_value_check" CHECK ("user_review_votes"."value" in (-1, 1));--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_rating_check" CHECK ("user_reviews"."rating" between 1 and 5);