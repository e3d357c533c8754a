import type { Migration } from "./migration";

// The usage page's counts at 100,000 shots without reading 100,000 rows: two small tables kept up
// to date by the database itself, in the statement that writes `usage_units` (a create counted, a
// shot's unit returned, a person deleted), so every writer (each app instance, a script, a
// migration) keeps them right and a reader sees them exactly as the rows they sum.
//
//  - usage_days: units per UTC day and kind, for everyone ('all', key '') and by person, template
//    and campaign (key '' for none): a few thousand rows for 90 days however many shots there are.
//  - usage_months: units per product, UTC month and kind. Products are many, each with few shots a
//    day, so a day's row would save little; a month's row saves much. The 90 days' first, partial
//    month is counted from `usage_units` itself, through the index on created_at below.
//
// Statement-level triggers, so a bulk insert (the benchmark's 100,000 rows) updates the sums once.

const apply = (rows: string, sign: 1 | -1) => `
  INSERT INTO usage_days (dimension, key, day, kind, units)
    SELECT x.dimension, x.key, (r.created_at AT TIME ZONE 'UTC')::date, r.kind, ${sign} * count(*)::int
      FROM ${rows} r
      CROSS JOIN LATERAL (VALUES ('all', ''), ('person', COALESCE(r.user_id, '')),
                                 ('template', COALESCE(r.template_id, '')), ('campaign', COALESCE(r.campaign_id, ''))) x (dimension, key)
     GROUP BY 1, 2, 3, 4
  ON CONFLICT (dimension, day, key, kind) DO UPDATE SET units = usage_days.units + EXCLUDED.units;
  INSERT INTO usage_months (product_id, month, kind, units)
    SELECT r.product_id, date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date, r.kind, ${sign} * count(*)::int
      FROM ${rows} r GROUP BY 1, 2, 3
  ON CONFLICT (product_id, month, kind) DO UPDATE SET units = usage_months.units + EXCLUDED.units;`;

export const migration: Migration = {
  id: 220,
  name: "usage-indexes",
  sql: `
      CREATE TABLE usage_days (
        dimension text NOT NULL CHECK (dimension IN ('all', 'person', 'template', 'campaign')),
        key text NOT NULL,
        day date NOT NULL,
        kind text NOT NULL,
        units integer NOT NULL,
        PRIMARY KEY (dimension, day, key, kind)
      );
      CREATE TABLE usage_months (
        product_id text NOT NULL,
        month date NOT NULL,
        kind text NOT NULL,
        units integer NOT NULL,
        PRIMARY KEY (month, product_id, kind)
      );
      -- The partial month's units, read from the index alone.
      CREATE INDEX usage_units_created_idx ON usage_units (created_at) INCLUDE (kind, product_id);

      CREATE FUNCTION usage_units_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply("new_units", 1)}
        RETURN NULL;
      END $$;
      CREATE FUNCTION usage_units_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply("old_units", -1)}
        RETURN NULL;
      END $$;
      CREATE FUNCTION usage_units_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply("old_units", -1)} ${apply("new_units", 1)}
        RETURN NULL;
      END $$;
      CREATE TRIGGER usage_units_inserted AFTER INSERT ON usage_units
        REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION usage_units_inserted();
      CREATE TRIGGER usage_units_deleted AFTER DELETE ON usage_units
        REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION usage_units_deleted();
      CREATE TRIGGER usage_units_updated AFTER UPDATE ON usage_units
        REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION usage_units_updated();

      -- What was counted before: the same sums, once.
      ${apply("usage_units", 1)}
    `,
};
