-- Registrations are unique without regard to case, spaces or hyphens (issue 16,
-- shared-schema rules/fleet.ts `registrationKey`: "1hrt-001" is "1HRT-001"). The mutators have
-- refused such a clash since; from here the database refuses it too, whatever path writes
-- (issue 27). The key is the registration upper-cased without spaces, tabs, line breaks or
-- hyphens, as `registrationKey` reads it.
--
-- Vehicles stored before the rule may already clash. The oldest keeps its registration; each
-- later one is renamed "<registration> (duplicate <id>)", where staff see it on its card and
-- can correct it, and the rename is logged like any change so every device receives it (the
-- row's latest logged data with the new registration and time).

CREATE TEMP TABLE registration_clashes AS
  SELECT v.id FROM vehicles AS v
   WHERE EXISTS (
     SELECT 1 FROM vehicles AS o
      WHERE o.id < v.id
        AND upper(replace(replace(replace(replace(replace(o.registration, ' ', ''), '-', ''), char(9), ''), char(10), ''), char(13), ''))
          = upper(replace(replace(replace(replace(replace(v.registration, ' ', ''), '-', ''), char(9), ''), char(10), ''), char(13), ''))
   );

UPDATE vehicles
   SET registration = registration || ' (duplicate ' || id || ')',
       updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
 WHERE id IN (SELECT id FROM registration_clashes);

INSERT INTO changes (entity, rowId, op, data, scope, createdAt)
  SELECT 'vehicles', c.rowId, 'put',
         json_set(c.data, '$.registration', v.registration, '$.updatedAt', v.updatedAt),
         'staff', v.updatedAt
    FROM registration_clashes AS r
    JOIN vehicles AS v ON v.id = r.id
    JOIN changes AS c ON c.seq = (
      SELECT max(seq) FROM changes WHERE entity = 'vehicles' AND rowId = v.id AND op = 'put'
    );

DROP TABLE registration_clashes;

CREATE UNIQUE INDEX vehicles_registration_key ON vehicles (
  upper(replace(replace(replace(replace(replace(registration, ' ', ''), '-', ''), char(9), ''), char(10), ''), char(13), ''))
);
