-- A stored file's bytes move to chunks of at most 256 KiB (db/file-content.ts): a 4 MB upload
-- is written as 16 small statements instead of one 4 MB parameter, which the embedded database
-- would copy several times in JavaScript and WebAssembly (docs/performance.md, "Disputes").
-- Evidence files (PDFs, images) are already compressed: the chunks are stored out of line
-- without PostgreSQL trying to compress them again.
create table file_chunks (
  file_id text not null references files (id) on delete cascade,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (file_id, seq)
);
alter table file_chunks alter column data set storage external;

insert into file_chunks (file_id, seq, data) select id, 0, content from files;
alter table files drop column content;
