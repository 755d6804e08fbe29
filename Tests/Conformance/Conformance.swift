import APICore
