-- A dispute response's cover letter (docs/disputes.md, "Cover letter"): the merchant's edited
-- text (null while the letter is the one composed from the dispute and its evidence), and
-- whether it goes with the response (null until the merchant says: then it goes while
-- uncategorized_file holds no document of their own). The submitted letter itself is a PDF in
-- files, named by the evidence's uncategorized_file.
alter table disputes
  add column cover_letter text check (char_length(cover_letter) <= 20000),
  add column cover_letter_included boolean;
