package main

import "math"

func cosd(d float64) float64 { return math.Cos(d * math.Pi / 180) }
func sind(d float64) float64 { return math.Sin(d * math.Pi / 180) }
