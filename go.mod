module github.com/corriere/corriere

go 1.26
