-- A new device's snapshot sends history newest first, by when each row last changed, down to the
-- history the device keeps (docs/new-device.md): this index lets it read just that window of the
-- log instead of every entry of ten years.
CREATE INDEX changes_time ON changes (createdAt, seq);
