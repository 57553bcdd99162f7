-- Existing month partitions of nickname_activities get the fillfactor new ones are created with (50): each point
-- is updated once, by the next poll, and half a page free keeps that update in place. Affects rows written from now.
DO $$
DECLARE part regclass;
BEGIN
  FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'nickname_activities'::regclass LOOP
    EXECUTE format('ALTER TABLE %s SET (fillfactor = 50)', part);
  END LOOP;
END $$;
