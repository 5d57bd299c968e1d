## tests/ -- see the files of this folder.
