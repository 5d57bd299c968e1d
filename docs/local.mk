## docs/ -- see the files of this folder.
