-- A booking's reference for people (issue 32): "TA-" and six characters from the alphabet
-- without look-alikes of app/domain/booking-reference.ts (no 0/O, 1/I/L or U). The server
-- draws its own for every booking it makes and draws again on a clash; this function is
-- the column's default for rows written any other way, and fills in existing bookings.
CREATE FUNCTION "new_booking_reference"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'TA-' || string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1), '') FROM generate_series(1, 6)
$$;--> statement-breakpoint
-- A volatile default is computed for each existing row: every booking made so far gets its own.
ALTER TABLE "consultation_bookings" ADD COLUMN "reference" text DEFAULT new_booking_reference() NOT NULL;--> statement-breakpoint
-- Any booking that drew one an earlier booking holds draws again, until none does.
DO $$
BEGIN
  LOOP
    UPDATE "consultation_bookings" SET "reference" = new_booking_reference()
    WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "reference" ORDER BY "created_at", "id") AS "nth" FROM "consultation_bookings"
      ) AS "drawn" WHERE "drawn"."nth" > 1
    );
    EXIT WHEN NOT FOUND;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_bookings_reference_unique" ON "consultation_bookings" USING btree ("reference");
