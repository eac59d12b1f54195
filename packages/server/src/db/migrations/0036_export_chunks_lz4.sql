-- Export files are stored in chunks of about a megabyte, which PostgreSQL compresses as it keeps
-- them. Its default (pglz) compressed a million-row transactions file at about 34 MB/s, so storing
-- the file took longer than reading its rows with COPY; lz4 stores it several times faster for a
-- little more space. A server built without lz4 (the embedded database among them) keeps pglz.
do $$
begin
  if exists (
    select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)
  ) then
    alter table export_chunks alter column data set compression lz4;
  end if;
end
$$;
