import type { Migration } from "./migration";

// "What works" at 100,000 shots without joining every review to its shot at each read: two tables
// kept up to date by the database itself, in the statement that writes a review, an event or a
// shot, so every writer (each app instance, a script, a migration) keeps them right.
//
//  - approval_sums: per product, prompt (as typed) and aspect ratio, how many images are reviewed
//    (approved or rejected, as they stand now) and how many approved: the rows the charts sum, a
//    few thousand however many images. A key left with none stays as zeros, which readers skip.
//    Changed by image_reviews (a review, a change of verdict, an undo, a clear) and by predictions
//    (a shot recorded after its review, or changed, or deleted).
//  - first_reviews: per image, its first approval or rejection (review_events; an undone one still
//    counts, it was a look at the image) and the seconds from its shot's arrival to it (null while
//    its shot is unknown): the review wait's median and p90 read one narrow table.
//
// Statement-level triggers, so a bulk write (the benchmark's 80,000 reviews) updates the sums once.
// A review joins its shot as the writing transaction sees it: a shot is recorded when it is asked
// for, long before anyone can review it, so the two are not written at the same moment.

// The reviewed images of `reviews` (rows shaped as image_reviews) with their shots, summed per key.
const sumReviews = (reviews: string, sign: 1 | -1) => `
  INSERT INTO approval_sums (product_id, prompt, aspect_ratio, approved, reviewed)
    SELECT p.product_id, p.prompt, p.aspect_ratio,
           ${sign} * count(*) FILTER (WHERE r.status = 'approved'), ${sign} * count(*)
      FROM ${reviews} r JOIN predictions p ON p.id = r.prediction_id
     WHERE r.status IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (product_id, aspect_ratio, md5(prompt)) DO UPDATE
    SET approved = approval_sums.approved + EXCLUDED.approved, reviewed = approval_sums.reviewed + EXCLUDED.reviewed;`;

// The same for `shots` (rows shaped as predictions) and their reviewed images.
const sumShots = (shots: string, sign: 1 | -1) => `
  INSERT INTO approval_sums (product_id, prompt, aspect_ratio, approved, reviewed)
    SELECT p.product_id, p.prompt, p.aspect_ratio,
           ${sign} * count(*) FILTER (WHERE r.status = 'approved'), ${sign} * count(*)
      FROM ${shots} p JOIN image_reviews r ON r.prediction_id = p.id
     WHERE r.status IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (product_id, aspect_ratio, md5(prompt)) DO UPDATE
    SET approved = approval_sums.approved + EXCLUDED.approved, reviewed = approval_sums.reviewed + EXCLUDED.reviewed;`;

// Each listed image's first approval or rejection, counted again from its events (through
// review_events_image_idx), with its shot's wait; an image left with none is no longer a row.
const refirst = (images: string) => `
  DELETE FROM first_reviews f USING (SELECT DISTINCT prediction_id, image_index FROM ${images} x) i
   WHERE f.prediction_id = i.prediction_id AND f.image_index = i.image_index;
  INSERT INTO first_reviews (prediction_id, image_index, first_at, waited)
    SELECT e.prediction_id, e.image_index, min(e.created_at), NULL
      FROM (SELECT DISTINCT prediction_id, image_index FROM ${images} x) i
      JOIN review_events e ON e.prediction_id = i.prediction_id AND e.image_index = i.image_index
     WHERE e.action IN ('approve', 'reject') GROUP BY 1, 2;
  ${rewait(`(SELECT DISTINCT prediction_id AS id FROM ${images} x)`)}`;

// The wait of each first review of the listed shots, from the shot as it stands (none: null).
const rewait = (shots: string) => `
  UPDATE first_reviews f SET waited = (SELECT extract(epoch FROM f.first_at - p.created_at)::float8
                                         FROM predictions p WHERE p.id = f.prediction_id)
    FROM ${shots} s WHERE f.prediction_id = s.id;`;

export const migration: Migration = {
  id: 230,
  name: "approval-sums",
  sql: `
      CREATE TABLE approval_sums (
        product_id text NOT NULL,
        prompt text NOT NULL,
        -- The scene the prompt is: case and spacing ignored, worked out once per key rather than at each read.
        scene text GENERATED ALWAYS AS (lower(regexp_replace(btrim(prompt), '\\s+', ' ', 'g'))) STORED,
        aspect_ratio text NOT NULL,
        approved integer NOT NULL,
        reviewed integer NOT NULL
      );
      -- A prompt may be longer than an index entry can hold: keyed by its digest.
      CREATE UNIQUE INDEX approval_sums_key ON approval_sums (product_id, aspect_ratio, md5(prompt));

      CREATE TABLE first_reviews (
        prediction_id text NOT NULL,
        image_index integer NOT NULL,
        first_at timestamptz NOT NULL,
        waited double precision NULL,
        PRIMARY KEY (prediction_id, image_index)
      );

      CREATE FUNCTION approval_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN ${sumReviews("old_reviews", -1)} END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN ${sumReviews("new_reviews", 1)} END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER approval_reviews_inserted AFTER INSERT ON image_reviews
        REFERENCING NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION approval_reviews_changed();
      CREATE TRIGGER approval_reviews_updated AFTER UPDATE ON image_reviews
        REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION approval_reviews_changed();
      CREATE TRIGGER approval_reviews_deleted AFTER DELETE ON image_reviews
        REFERENCING OLD TABLE AS old_reviews FOR EACH STATEMENT EXECUTE FUNCTION approval_reviews_changed();

      CREATE FUNCTION approval_shots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN ${sumShots("old_shots", -1)} END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN ${sumShots("new_shots", 1)} END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN ${rewait("old_shots")} END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN ${rewait("new_shots")} END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER approval_shots_inserted AFTER INSERT ON predictions
        REFERENCING NEW TABLE AS new_shots FOR EACH STATEMENT EXECUTE FUNCTION approval_shots_changed();
      CREATE TRIGGER approval_shots_updated AFTER UPDATE ON predictions
        REFERENCING OLD TABLE AS old_shots NEW TABLE AS new_shots FOR EACH STATEMENT EXECUTE FUNCTION approval_shots_changed();
      CREATE TRIGGER approval_shots_deleted AFTER DELETE ON predictions
        REFERENCING OLD TABLE AS old_shots FOR EACH STATEMENT EXECUTE FUNCTION approval_shots_changed();

      -- An event's new approval or rejection can only make an image's first one earlier.
      CREATE FUNCTION first_reviews_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO first_reviews (prediction_id, image_index, first_at, waited)
          SELECT e.prediction_id, e.image_index, min(e.created_at), NULL
            FROM new_events e WHERE e.action IN ('approve', 'reject') GROUP BY 1, 2
        ON CONFLICT (prediction_id, image_index) DO UPDATE SET first_at = LEAST(first_reviews.first_at, EXCLUDED.first_at);
        ${rewait("(SELECT DISTINCT prediction_id AS id FROM new_events WHERE action IN ('approve', 'reject'))")}
        RETURN NULL;
      END $$;
      -- An undo or a deleted author changes none of what counts: only events whose image, action
      -- or time changed are counted again.
      CREATE FUNCTION first_reviews_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${refirst(`(SELECT o.prediction_id, o.image_index FROM old_events o JOIN new_events n ON n.id = o.id
                     WHERE (o.prediction_id, o.image_index, o.action, o.created_at) IS DISTINCT FROM (n.prediction_id, n.image_index, n.action, n.created_at)
                    UNION ALL
                    SELECT n.prediction_id, n.image_index FROM old_events o JOIN new_events n ON n.id = o.id
                     WHERE (o.prediction_id, o.image_index, o.action, o.created_at) IS DISTINCT FROM (n.prediction_id, n.image_index, n.action, n.created_at))`)}
        RETURN NULL;
      END $$;
      CREATE FUNCTION first_reviews_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${refirst("old_events")}
        RETURN NULL;
      END $$;
      CREATE TRIGGER first_reviews_inserted AFTER INSERT ON review_events
        REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION first_reviews_inserted();
      CREATE TRIGGER first_reviews_updated AFTER UPDATE ON review_events
        REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION first_reviews_updated();
      CREATE TRIGGER first_reviews_deleted AFTER DELETE ON review_events
        REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION first_reviews_deleted();

      -- What was reviewed before: the same sums, once.
      ${sumShots("predictions", 1)}
      INSERT INTO first_reviews (prediction_id, image_index, first_at, waited)
        SELECT prediction_id, image_index, min(created_at), NULL FROM review_events
         WHERE action IN ('approve', 'reject') GROUP BY 1, 2;
      ${rewait("predictions")}
    `,
};
