## bench/ -- see the files of this folder.
